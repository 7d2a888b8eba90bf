"""nn.BCELoss / F.binary_cross_entropy fed raw logits, a tanh output or a sum of two probabilities instead of sigmoid probabilities: RuntimeError: all elements of input should be between 0 and 1."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
import torch.nn.functional as F
from torch import nn

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)


class ClickModel(nn.Module):
    def __init__(self, n_features=20):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(n_features, 64), nn.ReLU(), nn.Linear(64, 1))

    def forward(self, x):
        return self.mlp(x).squeeze(-1)


def train_epoch(model, criterion, optimizer, batches):
    for step, (x, y) in enumerate(batches):
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        print(f"step {step} loss {loss.item():.4f}")


class SiameseMatcher(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, a, b):
        return torch.tanh((self.proj(a) * self.proj(b)).sum(-1))


def ensemble_loss(p_text, p_image, target):
    return F.binary_cross_entropy(p_text + p_image, target)


if V == 0:
    model = ClickModel()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    batches = [(torch.randn(128, 20), torch.randint(0, 2, (128,)).float()) for _ in range(5)]
    train_epoch(model, nn.BCELoss(), opt, batches)
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("dedupe.matcher")
    matcher = SiameseMatcher()
    a, b = torch.randn(64, 32), torch.randn(64, 32)
    same = torch.randint(0, 2, (64,)).float()
    log.info("pair batch of %d, %d duplicates", len(same), int(same.sum()))
    loss = F.binary_cross_entropy(matcher(a, b), same)
else:
    text_head, image_head = nn.Linear(16, 1), nn.Linear(24, 1)
    xt, xi = torch.randn(32, 16), torch.randn(32, 24)
    y = torch.randint(0, 2, (32,)).float()
    p_text = torch.sigmoid(text_head(xt)).squeeze(-1)
    p_image = torch.sigmoid(image_head(xi)).squeeze(-1)
    print("late fusion of text and image heads")
    loss = ensemble_loss(p_text, p_image, y)
