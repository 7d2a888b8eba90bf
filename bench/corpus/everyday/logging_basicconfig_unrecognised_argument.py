"""ValueError: Unrecognised argument(s): fmt: logging.basicConfig given a keyword it does not take (Formatter's fmt=, file= for filename=, mode= for filemode=, an extra key of a YAML logging section)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

if V == 0:
    logging.basicConfig(level=logging.INFO, fmt="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.info("loading data")
elif V == 1:
    def init_logging(path):
        logging.basicConfig(file=path, level=logging.INFO)
        return logging.getLogger("features")

    print("building features for 12 stores", flush=True)
    log = init_logging("features.log")
    log.info("store 1 done")
elif V == 2:
    with open("config.yaml", "w") as f:
        f.write(
            "model:\n  name: tiny-cnn\n  epochs: 5\n"
            "logging:\n  level: INFO\n  format: '%(asctime)s %(message)s'\n"
            "  datefmt: '%H:%M:%S'\n  log_dir: logs\n"
        )
    with open("config.yaml") as f:
        cfg = yaml.safe_load(f)
    print(f"training {cfg['model']['name']} for {cfg['model']['epochs']} epochs", flush=True)
    logging.basicConfig(**cfg["logging"])
    logging.info("start")
else:
    class Experiment:
        def __init__(self, name):
            self.name = name

        def _logging(self):
            logging.basicConfig(filename=f"{self.name}.log", mode="a", level=logging.DEBUG,
                                format="%(asctime)s %(levelname)s %(message)s")

        def run(self):
            self._logging()
            logging.debug("experiment %s started", self.name)

    Experiment("lr-sweep-3").run()
