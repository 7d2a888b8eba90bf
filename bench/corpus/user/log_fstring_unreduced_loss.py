"""Loss switched to reduction="none" for per-sample weighting; the progress log still formats it with {loss:.4f}."""
EXPECT = ["progress-log-formats-per-sample-loss-tensor"]
VARIANTS = 4

import logging
import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])


def weighted_loss(logits, targets, weights, criterion):
    per_sample = criterion(logits, targets)
    return per_sample * weights


def train(epochs, batch_size, feats, log_every, use_logging):
    torch.manual_seed(VARIANT)
    model = nn.Sequential(nn.Linear(feats, 32), nn.ReLU(), nn.Linear(32, 5))
    criterion = nn.CrossEntropyLoss(reduction="none")  # per-sample so hard examples can be re-weighted
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    log = logging.getLogger("trainer")
    for epoch in range(epochs):
        for step in range(1, 50):
            x = torch.randn(batch_size, feats)
            y = torch.randint(0, 5, (batch_size,))
            w = torch.rand(batch_size) + 0.5
            loss = weighted_loss(model(x), y, w, criterion)
            opt.zero_grad()
            loss.mean().backward()
            opt.step()
            if step % log_every == 0:
                msg = f"epoch {epoch} step {step} loss {loss:.4f}"
                if use_logging:
                    log.info(msg)
                else:
                    print(msg)


def main():
    epochs, batch_size, feats, log_every = {0: (1, 32, 20, 10), 1: (2, 128, 40, 25), 2: (1, 16, 10, 5), 3: (3, 64, 20, 20)}[VARIANT]
    if VARIANT == 3:
        print("data: 3136 samples, 5 classes")
        print(f"training for {epochs} epochs, batch_size {batch_size}")
    train(epochs, batch_size, feats, log_every, use_logging=VARIANT == 2)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
        logging.getLogger("trainer").info("start: hard-example reweighting enabled")
        try:
            main()
        except Exception:
            logging.getLogger("trainer").exception("training loop crashed")
            sys.exit(1)
    else:
        main()
