EXPECT = []
VARIANTS = 3

# Linear warm-up "from zero": the config sets warmup_start_factor: 0 so the LR starts at 0, and
# LinearLR is chained with a cosine decay through SequentialLR.
import json
import sys

import torch
import torch.nn as nn

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

CFG = [
    {"lr": 5e-4, "warmup_steps": 500, "warmup_start_factor": 0, "total_steps": 10000},
    {"lr": 1e-3, "warmup_steps": 200, "warmup_start_factor": 0.0, "total_steps": 4000},
    {"lr": 3e-4, "warmup_steps": 1000, "warmup_start_factor": 1.5, "total_steps": 20000},
][V]


def build_schedule(optimizer, cfg):
    sched = torch.optim.lr_scheduler
    warmup = sched.LinearLR(optimizer, start_factor=cfg["warmup_start_factor"], end_factor=1.0,
                            total_iters=cfg["warmup_steps"])
    decay = sched.CosineAnnealingLR(optimizer, T_max=cfg["total_steps"] - cfg["warmup_steps"])
    return sched.SequentialLR(optimizer, [warmup, decay], milestones=[cfg["warmup_steps"]])


def main():
    with open("run.json", "w") as f:
        json.dump({"optim": CFG}, f, indent=2)
    cfg = json.load(open("run.json"))["optim"]
    model = nn.TransformerEncoder(nn.TransformerEncoderLayer(32, 4, 64, batch_first=True), 1)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["lr"])
    print(f"lr={cfg['lr']} warmup={cfg['warmup_steps']} total={cfg['total_steps']}")
    scheduler = build_schedule(optimizer, cfg)
    print(scheduler.get_last_lr())


if __name__ == "__main__":
    main()
