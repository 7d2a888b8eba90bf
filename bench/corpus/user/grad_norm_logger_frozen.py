"""The per-layer grad-norm logger calls p.grad.norm() on every parameter, including the frozen embedding whose grad is None."""
EXPECT = ["grad-norm-logger-frozen-embedding-grad-none"]
VARIANTS = 4

import logging
import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])


class TextRegressor(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embeddings = nn.Embedding(vocab, dim)
        self.encoder = nn.GRU(dim, dim, batch_first=True)
        self.head = nn.Linear(dim, 1)

    def forward(self, ids):
        _, h = self.encoder(self.embeddings(ids))
        return self.head(h[-1]).squeeze(-1)


def grad_norms(model):
    return {name: p.grad.norm().item() for name, p in model.named_parameters()}


def log_grad_norms(model, step, sink):
    norms = grad_norms(model)
    sink(f"step {step} grad_norm/total {sum(v * v for v in norms.values()) ** 0.5:.3f}")


def main():
    torch.manual_seed(VARIANT)
    vocab, dim, batch, every = {0: (2000, 32, 16, 1), 1: (8000, 64, 32, 50), 2: (1000, 16, 8, 10), 3: (5000, 48, 24, 25)}[VARIANT]
    model = TextRegressor(vocab, dim)
    model.embeddings.weight.requires_grad_(False)  # pretrained embeddings stay frozen
    opt = torch.optim.Adam([p for p in model.parameters() if p.requires_grad], lr=1e-3)
    sink = logging.getLogger("monitor").info if VARIANT == 2 else print
    for step in range(1, 200):
        ids = torch.randint(0, vocab, (batch, 12))
        loss = nn.functional.mse_loss(model(ids), torch.randn(batch))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if VARIANT == 3 and step % 10 == 0:
            print(f"step {step} loss {loss.item():.4f}")
        if step % every == 0:
            log_grad_norms(model, step, sink)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
        logging.getLogger("monitor").info("grad-norm monitor every 10 steps")
        try:
            main()
        except Exception:
            logging.getLogger("monitor").exception("training stopped")
            sys.exit(1)
    else:
        main()
