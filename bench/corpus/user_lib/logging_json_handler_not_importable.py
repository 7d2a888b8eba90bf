"""logging.yaml names the team's handler class ranker_utils.logs.JsonLinesHandler; the batch job's image doesn't install ranker_utils."""
EXPECT = ["logging-yaml-json-handler-package-missing"]
VARIANTS = 3

import logging
import logging.config
import sys

import yaml

VARIANT = int(sys.argv[1])

CONFIG = """
version: 1
formatters:
  plain: {{format: "%(asctime)s %(levelname)s %(message)s"}}
handlers:
  console:
    class: logging.StreamHandler
    formatter: plain
  {name}:
    class: ranker_utils.logs.JsonLinesHandler
    path: {path}
root:
  level: INFO
  handlers: [console, {name}]
"""


def setup(name, path):
    with open("logging.yaml", "w") as fh:
        fh.write(CONFIG.format(name=name, path=path))
    with open("logging.yaml") as fh:
        logging.config.dictConfig(yaml.safe_load(fh))


def main():
    name, path = {0: ("json_file", "events.jsonl"), 1: ("jsonl", "logs.jsonl"), 2: ("json_file", "batch_scoring.jsonl")}[VARIANT]
    if VARIANT == 2:
        print("batch scoring job 2024-06-03")
        print("reading config ...")
    setup(name, path)
    logging.getLogger("scoring").info("started")


if __name__ == "__main__":
    main()
