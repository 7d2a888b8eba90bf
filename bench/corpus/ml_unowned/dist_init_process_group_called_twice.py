"""ValueError: trying to initialize the default process group twice!: torch.distributed.init_process_group called again in the same process (a setup helper called by main and by the model builder, once per CV fold, by a library hook after the launcher already did it)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import os
import socket
import sys

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


os.environ["MASTER_ADDR"] = "127.0.0.1"
os.environ["MASTER_PORT"] = str(free_port())
os.environ.setdefault("RANK", "0")
os.environ.setdefault("WORLD_SIZE", "1")


def setup_distributed():
    dist.init_process_group(backend="gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    print(f"[rank {rank}/{world}] process group ready")
    return rank, world


def build_model(d_in, d_out):
    setup_distributed()
    model = nn.Sequential(nn.Linear(d_in, 32), nn.ReLU(), nn.Linear(32, d_out))
    return DDP(model)


def train(model, steps, d_in, d_out):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(steps):
        x, y = torch.randn(16, d_in), torch.randint(0, d_out, (16,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.4f}")


if V == 0:
    rank, world = setup_distributed()
    model = build_model(20, 4)
    train(model, 3, 20, 4)
elif V == 1:
    for fold in range(3):
        print(f"=== fold {fold} ===")
        setup_distributed()
        model = DDP(nn.Linear(12, 2))
        train(model, 2, 12, 2)
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("launcher")
    dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{os.environ['MASTER_PORT']}", rank=0, world_size=1)
    log.info("launcher initialised the process group (gloo, world size %d)", dist.get_world_size())

    class MetricsSync:
        """Shared eval helper: makes sure a process group exists before all_reduce."""

        def __init__(self):
            log.info("MetricsSync: initialising torch.distributed")
            dist.init_process_group("gloo", init_method="env://")

        def mean(self, value):
            t = torch.tensor([value])
            dist.all_reduce(t)
            return t.item() / dist.get_world_size()

    sync = MetricsSync()
    log.info("val loss %.4f", sync.mean(0.4213))
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("ddp_train")
    rank, world = setup_distributed()
    model = DDP(nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 3)))
    train(model, 2, 8, 3)
    log.info("training done, starting evaluation")

    def evaluate(model):
        setup_distributed()
        with torch.no_grad():
            return model(torch.randn(4, 8)).argmax(-1)

    log.info("preds %s", evaluate(model).tolist())
