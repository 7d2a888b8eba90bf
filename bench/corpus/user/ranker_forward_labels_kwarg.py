"""The shared train loop now calls model(**batch) with labels in the batch; RankerNet.forward never took labels."""
EXPECT = ["ranker-forward-unexpected-labels-kwarg"]
VARIANTS = 4

import logging
import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset

VARIANT = int(sys.argv[1])


class PairDataset(Dataset):
    def __init__(self, n, feats):
        g = torch.Generator().manual_seed(n)
        self.query = torch.randn(n, feats, generator=g)
        self.doc = torch.randn(n, feats, generator=g)
        self.labels = torch.randint(0, 2, (n,), generator=g).float()

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return {"query_feats": self.query[i], "doc_feats": self.doc[i], "labels": self.labels[i]}


class RankerNet(nn.Module):
    def __init__(self, feats, hidden):
        super().__init__()
        self.tower = nn.Sequential(nn.Linear(2 * feats, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, query_feats, doc_feats):
        return self.tower(torch.cat([query_feats, doc_feats], -1)).squeeze(-1)


def training_step(model, batch):
    """common/train_loop.py: models compute their own loss when labels are given (HF style)."""
    out = model(**batch)
    return out["loss"] if isinstance(out, dict) else out


def fit(model, loader, epochs):
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for step, batch in enumerate(loader):
            loss = training_step(model, batch)
            opt.zero_grad()
            loss.backward()
            opt.step()


def main():
    n, feats, hidden, bs, workers = {0: (256, 24, 64, 32, 0), 1: (1024, 48, 128, 64, 2), 2: (128, 16, 32, 16, 0), 3: (2048, 32, 64, 128, 2)}[VARIANT]
    loader = DataLoader(PairDataset(n, feats), batch_size=bs, shuffle=True, num_workers=workers)
    model = RankerNet(feats, hidden)
    if VARIANT == 3:
        print(f"pairs: {n}, feats: {feats}, batches/epoch: {len(loader)}")
    if VARIANT == 0:
        training_step(model, next(iter(loader)))
    else:
        fit(model, loader, epochs=2)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        logging.info("ranker: using common.train_loop")
        try:
            main()
        except Exception:
            logging.exception("ranker training failed")
            sys.exit(1)
    else:
        main()
