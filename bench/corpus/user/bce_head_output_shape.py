"""Click model head outputs [B, 1] logits while the click labels are [B]; BCEWithLogitsLoss refuses the shapes."""
EXPECT = ["click-model-head-b1-logits-vs-b-labels"]
VARIANTS = 4

import logging
import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

VARIANT = int(sys.argv[1])


class ClickModel(nn.Module):
    def __init__(self, n_users, n_items, dim):
        super().__init__()
        self.user = nn.Embedding(n_users, dim)
        self.item = nn.Embedding(n_items, dim)
        self.mlp = nn.Sequential(nn.Linear(2 * dim, dim), nn.ReLU(), nn.Linear(dim, 1))

    def forward(self, users, items):
        return self.mlp(torch.cat([self.user(users), self.item(items)], dim=-1))


def compute_loss(model, batch, criterion):
    users, items, clicked = batch
    logits = model(users, items)
    return criterion(logits, clicked)


def main():
    torch.manual_seed(VARIANT)
    n, batch_size, dim = {0: (1024, 32, 16), 1: (4096, 256, 32), 2: (600, 50, 8), 3: (2048, 128, 64)}[VARIANT]
    users = torch.randint(0, 500, (n,))
    items = torch.randint(0, 3000, (n,))
    clicked = (torch.rand(n) < 0.08).float()
    loader = DataLoader(TensorDataset(users, items, clicked), batch_size=batch_size, shuffle=True)
    model = ClickModel(500, 3000, dim)
    criterion = nn.BCEWithLogitsLoss(pos_weight=torch.tensor(11.0))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    if VARIANT == 3:
        print(f"train: {n} impressions, ctr={clicked.mean():.3f}, batch_size={batch_size}")
    for step, batch in enumerate(loader):
        loss = compute_loss(model, batch, criterion)
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s ctr: %(message)s")
        logging.info("epoch 0 starting")
        try:
            main()
        except Exception:
            logging.exception("training crashed")
            sys.exit(1)
    else:
        main()
