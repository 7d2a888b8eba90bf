"""Relative-position bias cache is precomputed for config max_positions; a config typo (200000 instead of 2048) asks for a terabyte."""
EXPECT = ["position-bias-cache-max-positions-typo-cpu-alloc"]
VARIANTS = 4

import json
import logging
import math
import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])


def alibi_slopes(heads):
    start = 2 ** (-8 / heads)
    return torch.tensor([start ** (i + 1) for i in range(heads)])


class AlibiBias(nn.Module):
    def __init__(self, heads, max_positions):
        super().__init__()
        pos = torch.arange(max_positions)
        dist = torch.empty(max_positions, max_positions)
        dist.copy_((pos[None, :] - pos[:, None]).abs())
        self.register_buffer("bias", -alibi_slopes(heads)[:, None, None] * dist[None], persistent=False)


class LongDocEncoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.emb = nn.Embedding(cfg["vocab_size"], cfg["hidden"])
        self.alibi = AlibiBias(cfg["heads"], cfg["max_positions"])


def main():
    heads, max_pos = {0: (8, 200000), 1: (16, 160000), 2: (8, 204800), 3: (12, 409600)}[VARIANT]
    cfg = {"vocab_size": 32000, "hidden": 256, "heads": heads, "max_positions": max_pos}
    with open("model_config.json", "w") as fh:
        json.dump(cfg, fh)
    with open("model_config.json") as fh:
        cfg = json.load(fh)
    if VARIANT == 3:
        print(f"model_config.json: {cfg}")
        print("building LongDocEncoder ...")
    model = LongDocEncoder(cfg)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        logging.info("longdoc: building model from model_config.json")
        try:
            main()
        except Exception:
            logging.exception("model build failed")
            sys.exit(1)
    else:
        main()
