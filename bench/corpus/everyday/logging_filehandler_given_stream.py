"""TypeError: expected str, bytes or os.PathLike object, not TextIOWrapper: a logging FileHandler (or basicConfig(filename=...)) given a stream such as sys.stdout or an already opened log file instead of a path."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import logging.handlers
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
FMT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def setup_logging(level=logging.INFO):
    logger = logging.getLogger("train")
    logger.setLevel(level)
    console = logging.FileHandler(sys.stdout)          # meant StreamHandler(sys.stdout)
    console.setFormatter(logging.Formatter(FMT))
    logger.addHandler(console)
    return logger


class Trainer:
    def __init__(self, run_dir="."):
        self.log_file = open(f"{run_dir}/train.log", "a", encoding="utf-8")
        self.logger = logging.getLogger("trainer")
        handler = logging.FileHandler(self.log_file)   # the handler opens the file itself
        handler.setFormatter(logging.Formatter(FMT))
        self.logger.addHandler(handler)

    def fit(self, epochs):
        for epoch in range(epochs):
            self.logger.info("epoch %d done", epoch)


if V == 0:
    log = setup_logging()
    log.info("starting run")
elif V == 1:
    Trainer().fit(3)
elif V == 2:
    for step in range(0, 300, 100):
        print(f"preprocessing shard {step // 100}", flush=True)
    logging.basicConfig(filename=sys.stderr, level=logging.INFO, format=FMT)
    logging.info("preprocessing finished")
else:
    logging.basicConfig(level=logging.INFO, format=FMT)
    log = logging.getLogger("export")
    log.info("exporting 4 shards")

    def add_rotating_file(logger, path="export.log"):
        stream = open(path, "a", encoding="utf-8")
        handler = logging.handlers.RotatingFileHandler(stream, maxBytes=1_000_000, backupCount=3)
        logger.addHandler(handler)

    add_rotating_file(log)
    log.info("shard 0 written")
