"""TypeError: Unsupported types (<class 'float'>) passed to `_reduce_across_processes`: accelerator.reduce / pad_across_processes given Python numbers (loss.item(), counts kept as ints, token id lists, a numpy float) where they only take tensors (or nested containers of tensors)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import torch
from accelerate import Accelerator
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)
n, d, k = [(96, 10, 3), (80, 6, 4), (64, 16, 5), (72, 8, 2)][V]

accelerator = Accelerator(cpu=True)
model = nn.Sequential(nn.Linear(d, 24), nn.ReLU(), nn.Linear(24, k))
opt = torch.optim.SGD(model.parameters(), lr=0.05)
loader = DataLoader(TensorDataset(torch.randn(n, d), torch.randint(0, k, (n,))), batch_size=16)
model, opt, loader = accelerator.prepare(model, opt, loader)


def train_epoch():
    running = 0.0
    for step, (x, y) in enumerate(loader):
        loss = nn.functional.cross_entropy(model(x), y)
        accelerator.backward(loss)
        opt.step()
        opt.zero_grad()
        running += loss.item()
        if step % 2 == 0:
            print(f"step {step} loss {loss.item():.4f}")
    return running / len(loader)


if V == 0:
    epoch_loss = train_epoch()
    mean_loss = accelerator.reduce(epoch_loss, reduction="mean")
    print(f"epoch loss (all processes) {mean_loss:.4f}")
elif V == 1:
    train_epoch()
    correct, total = 0, 0
    with torch.no_grad():
        for x, y in loader:
            correct += int((model(x).argmax(-1) == y).sum())
            total += len(y)
    counts = accelerator.reduce({"correct": correct, "total": total}, reduction="sum")
    print("accuracy", counts["correct"] / counts["total"])
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("evaluate")

    def collect_predictions():
        preds = []
        with torch.no_grad():
            for i, (x, _) in enumerate(loader):
                preds.append(model(x).argmax(-1).tolist())
                log.info("batch %d: %d predictions", i, len(preds[-1]))
        return preds

    preds = collect_predictions()
    padded = accelerator.pad_across_processes(preds, dim=0, pad_index=-100)
    log.info("gathered %d batches", len(padded))
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("eval_loop")
    train_epoch()
    with torch.no_grad():
        probs = torch.cat([model(x).softmax(-1)[:, 1] for x, _ in loader]).numpy()
    score = np.mean(probs > 0.5)
    log.info("local positive rate %.3f", score)
    try:
        score = accelerator.reduce(score, reduction="mean")
    except TypeError:
        log.exception("could not reduce the positive rate across processes")
        raise
