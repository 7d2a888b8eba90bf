"""nn.EmbeddingBag fed the wrong input layout for a bag-of-words classifier: a padded 2-D batch plus offsets, a flat 1-D id list without offsets, or per-bag lengths passed as offsets: if input is 2D, then offsets has to be None / offsets has to be a 1D Tensor but got None / offsets[0] has to be 0."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import torch
from torch import nn
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader

torch.manual_seed(0)
VOCAB, CLASSES = 200, 4
docs = [(torch.randint(1, VOCAB, (3 + (i * 7) % 11,)), i % CLASSES) for i in range(64)]


def collate_padded(batch):
    ids = pad_sequence([d for d, _ in batch], batch_first=True)
    offsets = torch.tensor([0] + [len(d) for d, _ in batch[:-1]]).cumsum(0)
    return ids, offsets, torch.tensor([y for _, y in batch])


def collate_flat(batch):
    ids = torch.cat([d for d, _ in batch])
    lengths = torch.tensor([len(d) for d, _ in batch])
    if V == 1:
        return ids, None, torch.tensor([y for _, y in batch])
    return ids, lengths, torch.tensor([y for _, y in batch])


class BagClassifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.bag = nn.EmbeddingBag(VOCAB, 32, mode="mean")
        self.fc = nn.Linear(32, CLASSES)

    def forward(self, ids, offsets=None):
        return self.fc(self.bag(ids, offsets))


def train_epoch(model, loader, opt, epoch):
    model.train()
    for step, (ids, offsets, y) in enumerate(loader):
        loss = nn.functional.cross_entropy(model(ids, offsets), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 2 == 0:
            print(f"epoch {epoch} step {step} loss {loss.item():.4f}", flush=True)


model = BagClassifier()
opt = torch.optim.SGD(model.parameters(), lr=0.5)
collate = collate_padded if V == 0 else collate_flat
loader = DataLoader(docs, batch_size=16, shuffle=True, collate_fn=collate, num_workers=2 if V == 2 else 0)
print(f"{len(docs)} documents, vocab {VOCAB}, {len(loader)} batches per epoch", flush=True)
for epoch in range(3):
    train_epoch(model, loader, opt, epoch)
