"""The json_file handler was switched from RotatingFileHandler to plain FileHandler, but its maxBytes and backupCount were left in logging.yaml."""
# beside: logging-yaml-json-handler-package-missing
# why: the handler class imports fine; dictConfig passes keyword arguments FileHandler does not take, so constructing it fails, no package is missing from the image.
EXPECT = []
VARIANTS = 2

import logging
import logging.config
import sys

import yaml

VARIANT = int(sys.argv[1])
log = logging.getLogger("train")

CONFIG = """
version: 1
disable_existing_loggers: false
formatters:
  plain:
    format: "%(asctime)s %(levelname)s %(name)s: %(message)s"
handlers:
  console:
    class: logging.StreamHandler
    formatter: plain
  json_file:
    class: logging.FileHandler   # was logging.handlers.RotatingFileHandler
    formatter: plain
    filename: {filename}
    maxBytes: {max_bytes}
    backupCount: 5
root:
  level: INFO
  handlers: [console, json_file]
"""


def configure(filename, max_bytes):
    cfg = yaml.safe_load(CONFIG.format(filename=filename, max_bytes=max_bytes))
    logging.config.dictConfig(cfg)


def main():
    filename, max_bytes = {0: ("train_events.jsonl", 10485760), 1: ("run_0412.jsonl", 52428800)}[VARIANT]
    configure(filename, max_bytes)
    log.info("training run started")


if __name__ == "__main__":
    if VARIANT == 1:
        print("run 0412: reading configs/logging.yaml")
        try:
            main()
        except Exception:
            logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
            log.exception("could not configure logging")
            sys.exit(1)
    else:
        main()
