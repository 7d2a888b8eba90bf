"""A logging format string in one style given with another (a %-style format with style='{' or '$', a {}-style format with the default '%'): ValueError: invalid format: no fields / Invalid format '{asctime} ...' for '%' style."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import os
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

LOG_FORMAT = "%(asctime)s %(levelname)-8s %(name)s | %(message)s"


def setup_training_logging(level):
    logging.basicConfig(level=level, format=LOG_FORMAT, style="{")
    return logging.getLogger("trainer")


def file_handler(path):
    handler = logging.FileHandler(path)
    handler.setFormatter(logging.Formatter("{asctime} | {levelname} | {name} | {message}"))
    return handler


def configure_scoring_logs(log_dir):
    os.makedirs(log_dir, exist_ok=True)
    logger = logging.getLogger("batch_scoring")
    logger.addHandler(file_handler(os.path.join(log_dir, "scoring.log")))
    logger.setLevel(logging.INFO)
    return logger


SERVICE_SETTINGS = {"log_format": "%(levelname)s %(message)s", "log_style": "$"}


def attach_console(logger, settings):
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter(settings["log_format"], style=settings["log_style"]))
    logger.addHandler(handler)


def start_service():
    print("loading model weights ... done", flush=True)
    print("warming up tokenizer ... done", flush=True)
    logger = logging.getLogger("intent-service")
    attach_console(logger, SERVICE_SETTINGS)
    logger.warning("service ready")


if V == 0:
    log = setup_training_logging(logging.INFO)
    log.info("epoch 1 started")
elif V == 1:
    scoring_log = configure_scoring_logs("logs")
    scoring_log.info("scored 10000 rows")
else:
    start_service()
