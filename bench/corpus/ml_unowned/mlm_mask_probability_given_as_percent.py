EXPECT = []
VARIANTS = 3

# A hand-written MLM collator draws the mask with torch.bernoulli; mask_prob comes from the config
# as "15" (percent, as in the BERT paper's prose) and runs inside the DataLoader's collate_fn.
import logging
import sys

import torch
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

CFG = [
    {"mask_prob": 15, "vocab_size": 1000, "mask_id": 4, "num_workers": 0},
    {"mask_prob": 15.0, "vocab_size": 5000, "mask_id": 103, "num_workers": 2},
    {"mask_prob": 30, "vocab_size": 800, "mask_id": 3, "num_workers": 0},
][V]


class TokenShards(Dataset):
    def __init__(self, n, length, vocab):
        g = torch.Generator().manual_seed(0)
        self.data = torch.randint(5, vocab, (n, length), generator=g)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i]


class MLMCollator:
    def __init__(self, mask_prob, mask_id):
        self.mask_prob = mask_prob
        self.mask_id = mask_id

    def __call__(self, batch):
        ids = torch.stack(batch)
        labels = ids.clone()
        if V == 2:
            prob = torch.full(ids.shape, self.mask_prob, dtype=torch.float)
            mask = torch.bernoulli(prob).bool()
        else:
            mask = torch.empty(ids.shape).bernoulli_(self.mask_prob).bool()
        labels[~mask] = -100
        ids[mask] = self.mask_id
        return {"input_ids": ids, "labels": labels}


def main():
    if V == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s [pretrain] %(message)s")
    logging.info("building loader with config %s", CFG)
    ds = TokenShards(256, 64, CFG["vocab_size"])
    loader = DataLoader(ds, batch_size=16, collate_fn=MLMCollator(CFG["mask_prob"], CFG["mask_id"]),
                        num_workers=CFG["num_workers"])
    for step, batch in enumerate(loader):
        masked = (batch["labels"] != -100).float().mean().item()
        print(f"step {step} masked fraction {masked:.3f}")


if __name__ == "__main__":
    main()
