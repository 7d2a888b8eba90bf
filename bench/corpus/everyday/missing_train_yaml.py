"""FileNotFoundError when the training config configs/train.yaml is not where the script expects."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys
from pathlib import Path

import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
CONFIG = ["configs/train.yaml", "configs/experiment/large.yaml", "config.yml"][V]


def load_config(path):
    if V == 1:
        return yaml.safe_load(Path(path).read_text())
    with open(path) as f:
        return yaml.safe_load(f)


def main():
    if V == 2:
        logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(name)s: %(message)s")
        log = logging.getLogger("train")
        log.info("starting run, cwd has %d entries", len(list(Path(".").iterdir())))
        try:
            cfg = load_config(CONFIG)
        except OSError:
            log.exception("could not read %s", CONFIG)
            sys.exit(1)
    else:
        cfg = load_config(CONFIG)
    print(cfg)


main()
