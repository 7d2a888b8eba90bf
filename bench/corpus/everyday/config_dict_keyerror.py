"""KeyError when a training script reads a key that its config dict does not have."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

DEFAULTS = {
    "model": {"hidden": 128, "layers": 2},
    "optim": {"learning_rate": 3e-4, "weight_decay": 0.01},
    "data": {"train": "train.csv", "val": "val.csv"},
}


def build_optimizer(cfg):
    return {"lr": cfg["optim"]["lr"], "wd": cfg["optim"]["weight_decay"]}


def main():
    if V == 0:
        print(build_optimizer(DEFAULTS))
    elif V == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        logging.info("loaded config with sections %s", list(DEFAULTS))
        try:
            test_path = DEFAULTS["data"]["test"]
        except KeyError:
            logging.exception("config is missing a data path")
            sys.exit(1)
        print(test_path)
    else:
        try:
            epochs = DEFAULTS["trainer"]["epochs"]
        except KeyError as err:
            raise RuntimeError("invalid configuration file") from err
        print(epochs)


main()
