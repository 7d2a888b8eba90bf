"""Custom pad_batch collate returns a tuple, but train_step indexes the batch by key (batch["input_ids"])."""
EXPECT = ["pad-batch-collate-returns-tuple"]
VARIANTS = 4

import logging
import sys

import torch
from torch.utils.data import DataLoader, Dataset

VARIANT = int(sys.argv[1])
PAD_ID = 0


class ReviewDataset(Dataset):
    def __init__(self, n, vocab, max_len, seed):
        g = torch.Generator().manual_seed(seed)
        self.items = []
        for _ in range(n):
            length = int(torch.randint(5, max_len, (1,), generator=g))
            ids = torch.randint(1, vocab, (length,), generator=g)
            self.items.append((ids, int(torch.randint(0, 3, (1,), generator=g))))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, idx):
        return self.items[idx]


def pad_batch(samples):
    """Pad token ids to the longest sample in the batch."""
    longest = max(len(ids) for ids, _ in samples)
    input_ids = torch.full((len(samples), longest), PAD_ID, dtype=torch.long)
    attention_mask = torch.zeros((len(samples), longest), dtype=torch.long)
    for row, (ids, _) in enumerate(samples):
        input_ids[row, : len(ids)] = ids
        attention_mask[row, : len(ids)] = 1
    labels = torch.tensor([label for _, label in samples])
    return input_ids, attention_mask, labels


class BagOfEmbeddings(torch.nn.Module):
    def __init__(self, vocab, dim, classes):
        super().__init__()
        self.emb = torch.nn.Embedding(vocab, dim, padding_idx=PAD_ID)
        self.out = torch.nn.Linear(dim, classes)

    def forward(self, input_ids, attention_mask):
        h = self.emb(input_ids) * attention_mask.unsqueeze(-1)
        return self.out(h.sum(1) / attention_mask.sum(1, keepdim=True))


def train_step(model, optimizer, batch):
    logits = model(batch["input_ids"], batch["attention_mask"])
    loss = torch.nn.functional.cross_entropy(logits, batch["labels"])
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return loss.item()


def train_epoch(model, optimizer, loader, epoch):
    for step, batch in enumerate(loader):
        loss = train_step(model, optimizer, batch)
        if step % 10 == 0:
            print(f"epoch {epoch} step {step} loss {loss:.4f}")


def main():
    sizes = {0: (200, 1000, 40, 16), 1: (512, 5000, 128, 32), 2: (300, 2000, 64, 8), 3: (1000, 30000, 256, 64)}
    n, vocab, max_len, batch_size = sizes[VARIANT]
    ds = ReviewDataset(n, vocab, max_len, seed=VARIANT)
    workers = 2 if VARIANT in (1, 3) else 0
    loader = DataLoader(ds, batch_size=batch_size, shuffle=True, collate_fn=pad_batch, num_workers=workers)
    model = BagOfEmbeddings(vocab, 32, 3)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    if VARIANT == 3:
        print(f"dataset: {len(ds)} reviews, vocab {vocab}, batch_size {batch_size}, num_workers {workers}")
        print("model parameters:", sum(p.numel() for p in model.parameters()))
    if VARIANT == 0:
        batch = next(iter(loader))
        train_step(model, optimizer, batch)
    else:
        for epoch in range(2):
            train_epoch(model, optimizer, loader, epoch)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(levelname)s] %(message)s")
        logging.info("train_reviews: loading dataset")
        logging.info("train_reviews: starting epoch 0")
        try:
            main()
        except Exception:
            logging.exception("train_reviews crashed")
            sys.exit(1)
    else:
        main()
