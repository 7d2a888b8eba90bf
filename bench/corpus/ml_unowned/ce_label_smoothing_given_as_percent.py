EXPECT = []
VARIANTS = 3

# Text classifier fine-tune: the experiment sheet lists label smoothing in percent ("10" for 0.1),
# and the value goes straight into the loss.
import logging
import sys

import torch
import torch.nn as nn
import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

CONFIG_YAML = [
    "model:\n  hidden: 64\n  num_classes: 5\ntrain:\n  lr: 0.001\n  batch_size: 16\n  label_smoothing: 10   # %\n",
    "model:\n  hidden: 128\n  num_classes: 12\ntrain:\n  lr: 0.0005\n  batch_size: 32\n  label_smoothing: 5.0\n",
    "model:\n  hidden: 32\n  num_classes: 3\ntrain:\n  lr: 0.002\n  batch_size: 8\n  label_smoothing: 20\n",
][V]


class Classifier(nn.Module):
    def __init__(self, in_dim, hidden, num_classes):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU(), nn.Linear(hidden, num_classes))

    def forward(self, x):
        return self.net(x)


def build_criterion(train_cfg):
    return nn.CrossEntropyLoss(label_smoothing=train_cfg["label_smoothing"])


def train_step(model, criterion, optimizer, x, y):
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()


def main():
    with open("train.yaml", "w") as f:
        f.write(CONFIG_YAML)
    cfg = yaml.safe_load(open("train.yaml"))
    if V == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("finetune")
    torch.manual_seed(0)
    n_classes = cfg["model"]["num_classes"]
    x = torch.randn(200, 24)
    y = torch.randint(0, n_classes, (200,))
    model = Classifier(24, cfg["model"]["hidden"], n_classes)
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["train"]["lr"])
    criterion = build_criterion(cfg["train"])
    log.info("train set: %d examples, %d classes", len(x), n_classes)
    bs = cfg["train"]["batch_size"]
    for epoch in range(2):
        if V == 2:
            print(f"epoch {epoch}: {len(x) // bs} batches", flush=True)
        for i in range(0, len(x), bs):
            loss = train_step(model, criterion, optimizer, x[i:i + bs], y[i:i + bs])
            if i == 0:
                print(f"epoch {epoch} step 0 loss {loss:.4f}")


if __name__ == "__main__":
    main()
