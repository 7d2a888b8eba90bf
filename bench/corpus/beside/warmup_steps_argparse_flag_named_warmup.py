"""The training CLI defines the flag as --warmup, so vars(args) has the key warmup; the scheduler builder reads config["warmup_steps"]."""
# beside: configs-v2-warmup-steps-moved-to-scheduler
# why: the config is built from argparse in the user's own script and the flag's dest is named warmup; no YAML and no configs-repo layout is involved.
EXPECT = []
VARIANTS = 2

import argparse
import logging
import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])
log = logging.getLogger("finetune")


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--lr", type=float, default=2e-5)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=100, help="warmup steps")
    parser.add_argument("--total-steps", type=int, default=3000)
    return parser.parse_args(argv)


def build_scheduler(optimizer, config):
    return torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: min(1.0, (s + 1) / config["warmup_steps"]))


def build_training(config):
    model = nn.Linear(128, 3)
    optimizer = torch.optim.AdamW(model.parameters(), lr=config["lr"])
    return optimizer, build_scheduler(optimizer, config)


def main():
    argv = {0: ["--lr", "3e-5", "--warmup", "200"], 1: ["--epochs", "5", "--warmup", "500", "--total-steps", "10000"]}[VARIANT]
    config = vars(parse_args(argv))
    log.info("config: %s", config)
    build_training(config)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if VARIANT == 1:
        try:
            main()
        except Exception:
            log.exception("finetune failed")
            sys.exit(1)
    else:
        main()
