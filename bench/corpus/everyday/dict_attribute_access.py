"""AttributeError: 'dict' object has no attribute ... when a loaded config is used like an object."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys

import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.DEBUG, format="%(levelname)-8s %(message)s")

with open("config.yaml", "w") as f:
    f.write("model:\n  hidden_size: 64\ntrain:\n  batch_size: 16\n  epochs: 3\n")
with open("config.json", "w") as f:
    json.dump({"lr": 0.01, "seed": 7}, f)


def run(cfg):
    logging.debug("config: %s", cfg)
    for epoch in range(cfg.train.epochs):
        logging.info("epoch %d", epoch)


if V == 0:
    run(yaml.safe_load(open("config.yaml")))
elif V == 1:
    cfg = json.load(open("config.json"))
    logging.info("seed=%s", cfg["seed"])
    logging.info("lr=%s", cfg.lr)
else:
    cfg = yaml.safe_load(open("config.yaml"))
    try:
        hidden = cfg["model"].hidden_size
    except AttributeError:
        logging.exception("bad config access")
        sys.exit(1)
