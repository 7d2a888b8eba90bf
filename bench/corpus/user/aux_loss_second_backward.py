"""Multi-task step calls backward() on the main loss and then separately on the aux loss; both share the encoder graph."""
EXPECT = ["multitask-aux-loss-second-backward-shared-encoder"]
VARIANTS = 4

import logging
import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])


class MultiTaskNet(nn.Module):
    def __init__(self, feats, hidden):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(feats, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.rating_head = nn.Linear(hidden, 1)
        self.genre_head = nn.Linear(hidden, 18)

    def forward(self, x):
        h = self.encoder(x)
        return self.rating_head(h).squeeze(-1), self.genre_head(h)


def train_step(model, opt, batch, aux_weight):
    x, rating, genre = batch
    pred_rating, genre_logits = model(x)
    main_loss = nn.functional.mse_loss(pred_rating, rating)
    aux_loss = aux_weight * nn.functional.cross_entropy(genre_logits, genre)
    opt.zero_grad()
    main_loss.backward()
    aux_loss.backward()  # added for the genre auxiliary task
    opt.step()
    return main_loss.item(), aux_loss.item()


def main():
    torch.manual_seed(VARIANT)
    feats, hidden, bs, w = {0: (40, 64, 32, 0.3), 1: (128, 256, 64, 0.1), 2: (20, 32, 16, 0.5), 3: (64, 128, 128, 0.2)}[VARIANT]
    model = MultiTaskNet(feats, hidden)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    if VARIANT == 3:
        print(f"multitask: rating + genre (aux weight {w})")
    for step in range(5):
        batch = (torch.randn(bs, feats), torch.rand(bs) * 5, torch.randint(0, 18, (bs,)))
        print(f"step {step}", train_step(model, opt, batch, w))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        logging.info("movie-rating multitask run 7")
        try:
            main()
        except Exception:
            logging.exception("train step failed")
            sys.exit(1)
    else:
        main()
