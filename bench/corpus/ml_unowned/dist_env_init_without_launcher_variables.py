"""ValueError: Error initializing torch.distributed using env:// rendezvous: environment variable RANK expected, but not set: a DDP script meant for torchrun started as `python train.py` (or from a notebook / a job script that exports only part of the variables), so init_process_group's env:// finds no RANK / WORLD_SIZE / MASTER_ADDR / MASTER_PORT."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import os
import sys

import torch
import torch.distributed as dist
from torch import nn

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)
cfg = {"backend": "gloo", "epochs": 2, "batch_size": [32, 16, 64, 8][V], "lr": 3e-4}

if V == 0:
    print(f"config: {cfg}")
    print("starting distributed training")
    dist.init_process_group(backend=cfg["backend"])
elif V == 1:
    # job script: the scheduler's variables are mapped to torch's names, but only the ones it sets
    os.environ.setdefault("RANK", os.environ.get("SLURM_PROCID", "0"))
    os.environ.setdefault("WORLD_SIZE", os.environ.get("SLURM_NTASKS", "1"))
    print(f"RANK={os.environ['RANK']} WORLD_SIZE={os.environ['WORLD_SIZE']}")

    def setup():
        dist.init_process_group(cfg["backend"], init_method="env://")
        return dist.get_rank()

    rank = setup()
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("ddp")
    os.environ["RANK"] = "0"
    os.environ["WORLD_SIZE"] = "1"
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    log.info("rank %s of %s, master %s", os.environ["RANK"], os.environ["WORLD_SIZE"], os.environ["MASTER_ADDR"])

    class DistributedTrainer:
        def __init__(self, model):
            self.model = model
            self._init_distributed()

        def _init_distributed(self):
            log.info("init_process_group(%s)", cfg["backend"])
            dist.init_process_group(cfg["backend"])
            self.model = nn.parallel.DistributedDataParallel(self.model)

    DistributedTrainer(nn.Linear(16, 4))
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("launch")
    local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    os.environ["RANK"] = str(local_rank)
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = "29533"
    log.info("local rank %d, building model", local_rank)
    model = nn.Sequential(nn.Linear(12, 24), nn.ReLU(), nn.Linear(24, 2))
    log.info("%d parameters", sum(p.numel() for p in model.parameters()))
    dist.init_process_group(cfg["backend"], rank=local_rank)
print("process group ready")
