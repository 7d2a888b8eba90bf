"""LR scheduler constructed with the model (or a dict of optimizers) instead of the optimizer: TypeError: Sequential is not an Optimizer."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
torch.manual_seed(0)


def build_model(in_dim=16, hidden=32, n_classes=4):
    return nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Linear(hidden, n_classes))


class Trainer:
    def __init__(self, model, lr=1e-3, epochs=4):
        self.model = model
        self.epochs = epochs
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.01)
        self.scheduler = self.build_scheduler()

    def build_scheduler(self):
        return torch.optim.lr_scheduler.CosineAnnealingLR(self.model, T_max=self.epochs)

    def fit(self, x, y):
        for epoch in range(self.epochs):
            loss = nn.functional.cross_entropy(self.model(x), y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            self.scheduler.step()
            print(f"epoch {epoch} loss {loss.item():.4f}")


class Generator(nn.Module):
    def __init__(self, z=8, out=16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z, 32), nn.ReLU(), nn.Linear(32, out))

    def forward(self, z):
        return self.net(z)


x, y = torch.randn(64, 16), torch.randint(0, 4, (64,))
if variant == 0:
    model = build_model()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.StepLR(model, step_size=10, gamma=0.5)
elif variant == 1:
    Trainer(build_model(in_dim=16, hidden=64)).fit(x, y)
else:
    gen, disc = Generator(), build_model(in_dim=16, hidden=32, n_classes=1)
    optimizers = {"gen": torch.optim.Adam(gen.parameters(), 2e-4, betas=(0.5, 0.999)),
                  "disc": torch.optim.Adam(disc.parameters(), 2e-4, betas=(0.5, 0.999))}
    warmup = torch.optim.lr_scheduler.LinearLR(optimizers, start_factor=0.1, total_iters=500)
