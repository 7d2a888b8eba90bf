"""ValueError: Default process group has not been initialized, please make sure to call init_process_group.: a distributed-ready training script run as a plain single process (init skipped when WORLD_SIZE is unset) still calls get_rank / all_reduce / barrier / DistributedSampler unguarded."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import os
import sys

import torch
import torch.distributed as dist
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)
WORLD_SIZE = int(os.environ.get("WORLD_SIZE", "1"))
n, d, k = [(64, 10, 3), (48, 6, 2), (80, 12, 4), (40, 8, 3)][V]


def maybe_init():
    if WORLD_SIZE > 1:
        dist.init_process_group("gloo")
        print(f"initialised process group, world size {WORLD_SIZE}")
    else:
        print("WORLD_SIZE not set: single-process run")


def is_main_process():
    return dist.is_available() and dist.get_rank() == 0


def train_steps(model, loader, steps=3):
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step, (x, y) in zip(range(steps), loader):
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.4f}")
    return loss.detach()


maybe_init()
data = TensorDataset(torch.randn(n, d), torch.randint(0, k, (n,)))
model = nn.Sequential(nn.Linear(d, 32), nn.ReLU(), nn.Linear(32, k))

if V == 0:
    loader = DataLoader(data, batch_size=16, shuffle=True)
    loss = train_steps(model, loader)
    if is_main_process():
        torch.save(model.state_dict(), "model.pt")
elif V == 1:
    loader = DataLoader(data, batch_size=16, shuffle=True)
    train_steps(model, loader)

    def evaluate(model, loader):
        total = torch.zeros(2)
        with torch.no_grad():
            for x, y in loader:
                total += torch.tensor([(model(x).argmax(-1) == y).sum().item(), len(y)])
        dist.all_reduce(total, op=dist.ReduceOp.SUM)
        return (total[0] / total[1]).item()

    print("val accuracy", evaluate(model, loader))
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("train")
    loader = DataLoader(data, batch_size=20, shuffle=True)
    for epoch in range(2):
        loss = train_steps(model, loader, steps=2)
        log.info("epoch %d done, loss %.4f; waiting for all ranks before checkpointing", epoch, loss)
        dist.barrier()
        torch.save(model.state_dict(), f"epoch_{epoch}.pt")
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("data")
    log.info("dataset: %d samples", len(data))

    def make_loader(dataset, batch_size):
        sampler = DistributedSampler(dataset, shuffle=True, seed=0)
        return DataLoader(dataset, batch_size=batch_size, sampler=sampler)

    loader = make_loader(data, 8)
    train_steps(model, loader)
