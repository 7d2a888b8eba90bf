"""ValueError configuring logging: unknown level name, a file handler in a missing folder, dictConfig without version."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import logging.config
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
LOGGING = {
    "version": 1,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain"},
        "file": {"class": "logging.FileHandler", "filename": "logs/train.log", "formatter": "plain"},
    },
    "root": {"level": "INFO", "handlers": ["console", "file"]},
}


def setup_logging(level):
    if V == 0:
        logging.basicConfig(level=level)
    elif V == 1:
        logging.config.dictConfig(LOGGING)
    else:
        logging.config.dictConfig({k: v for k, v in LOGGING.items() if k != "version"})


print("starting job", flush=True)
setup_logging("VERBOSE")
logging.getLogger("train").info("logging ready")
