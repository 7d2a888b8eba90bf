"""Experiment config sets device: gpu (the old launcher translated it); the new trainer passes it straight to torch.device."""
EXPECT = ["config-device-gpu-not-a-torch-device-string"]
VARIANTS = 4

import logging
import sys

import torch
import yaml

VARIANT = int(sys.argv[1])

CONFIG = """
run_name: {run}
device: {device}
model:
  hidden: 128
data:
  batch_size: 64
"""


def resolve_device(cfg):
    return torch.device(cfg["device"])


class Trainer:
    def __init__(self, cfg):
        self.device = resolve_device(cfg)
        self.model = torch.nn.Linear(32, cfg["model"]["hidden"]).to(self.device)


def main():
    run, device = {0: ("asr_ctc_small", "gpu"), 1: ("asr_ctc_base_lr2e-4", "gpu:0"), 2: ("kws_tiny", "gpu"), 3: ("asr_ctc_small_bs128", "gpu:1")}[VARIANT]
    with open("train.yaml", "w") as fh:
        fh.write(CONFIG.format(run=run, device=device))
    with open("train.yaml") as fh:
        cfg = yaml.safe_load(fh)
    if VARIANT == 3:
        print(f"run {cfg['run_name']}: batch_size {cfg['data']['batch_size']}")
    if VARIANT == 0:
        x = torch.randn(4, 32).to(cfg["device"])
    else:
        Trainer(cfg)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        logging.info("loaded train.yaml (run kws_tiny)")
        try:
            main()
        except Exception:
            logging.exception("trainer init failed")
            sys.exit(1)
    else:
        main()
