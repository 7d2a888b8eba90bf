"""Resuming from a checkpoint taken before the aux_head was added: optimizer.load_state_dict rejects the head param group."""
EXPECT = ["resume-optimizer-state-before-aux-head-added"]
VARIANTS = 4

import logging
import os
import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])


class Detector(nn.Module):
    def __init__(self, dim, with_aux_head):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(48, dim), nn.ReLU(), nn.Linear(dim, dim), nn.ReLU())
        self.cls_head = nn.Linear(dim, 10)
        self.box_head = nn.Linear(dim, 4)
        if with_aux_head:
            self.aux_head = nn.Linear(dim, 10)


def param_groups(model, lr):
    heads = [p for n, p in model.named_parameters() if not n.startswith("backbone.")]
    return [
        {"params": model.backbone.parameters(), "lr": lr * 0.1},
        {"params": heads, "lr": lr},
    ]


def save_old_checkpoint(path, dim):
    model = Detector(dim, with_aux_head=False)
    opt = torch.optim.AdamW(param_groups(model, 1e-3))
    for p in model.parameters():
        p.grad = torch.zeros_like(p)
    opt.step()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    torch.save({"epoch": 11, "model": model.state_dict(), "optimizer": opt.state_dict()}, path)


def resume(path, model, optimizer):
    ckpt = torch.load(path, map_location="cpu")
    model.load_state_dict(ckpt["model"], strict=False)
    optimizer.load_state_dict(ckpt["optimizer"])
    return ckpt["epoch"] + 1


def main():
    dim, path = {0: (64, "runs/det_0412/last.pt"), 1: (128, "runs/det_aux_v2/epoch_019.pt"), 2: (32, "runs/det_0412/last.pt"), 3: (96, "ckpts/det/last.pt")}[VARIANT]
    save_old_checkpoint(path, dim)
    model = Detector(dim, with_aux_head=True)
    optimizer = torch.optim.AdamW(param_groups(model, 1e-3))
    if VARIANT == 3:
        print(f"resuming from {path}")
        print("model: Detector with aux_head (deep supervision)")
    start_epoch = resume(path, model, optimizer)
    print("resumed at epoch", start_epoch)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        log = logging.getLogger("det.train")
        log.info("--resume runs/det_0412/last.pt")
        try:
            main()
        except Exception:
            log.exception("could not resume")
            sys.exit(1)
    else:
        main()
