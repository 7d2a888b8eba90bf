"""logging.yaml's json_file handler writes to logs/scoring.jsonl; in the container the logs/ folder does not exist, so the FileHandler cannot open it."""
# beside: logging-yaml-json-handler-package-missing
# why: the handler class is the stdlib FileHandler and imports fine; its file's directory was never created in the container, no handler package is missing.
EXPECT = []
VARIANTS = 2

import logging.config
import sys

import yaml

VARIANT = int(sys.argv[1])

CONFIG = """
version: 1
formatters:
  plain: {{format: "%(asctime)s %(levelname)s %(name)s: %(message)s"}}
  json: {{format: '{{"ts": "%(asctime)s", "level": "%(levelname)s", "msg": "%(message)s"}}'}}
handlers:
  console:
    class: logging.StreamHandler
    formatter: plain
  json_file:
    class: logging.FileHandler
    formatter: json
    filename: {path}
root:
  level: INFO
  handlers: [console, json_file]
"""


def setup_logging(path):
    with open("logging.yaml", "w") as fh:
        fh.write(CONFIG.format(path=path))
    with open("logging.yaml") as fh:
        logging.config.dictConfig(yaml.safe_load(fh))


def main():
    path = {0: "logs/scoring.jsonl", 1: "var/log/batch_scoring/events.jsonl"}[VARIANT]
    if VARIANT == 1:
        print("batch scoring 2024-06-04: configuring logging")
    setup_logging(path)
    logging.getLogger("scoring").info("started")


if __name__ == "__main__":
    main()
