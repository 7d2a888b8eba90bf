"""A cleanup of logging.yaml renamed the formatter json to jsonl, but the json_file handler still refers to formatter: json."""
# beside: logging-yaml-json-handler-package-missing
# why: the handler names a formatter the file no longer defines; its class is the stdlib FileHandler and nothing is missing from the image.
EXPECT = []
VARIANTS = 2

import logging.config
import sys

import yaml

VARIANT = int(sys.argv[1])

CONFIG = """
version: 1
formatters:
  console:
    format: "%(asctime)s %(levelname)s %(message)s"
  jsonl:
    format: '{"ts": "%(asctime)s", "level": "%(levelname)s", "logger": "%(name)s", "msg": "%(message)s"}'
handlers:
  console:
    class: logging.StreamHandler
    formatter: console
  json_file:
    class: logging.FileHandler
    filename: events.jsonl
    formatter: json
root:
  level: INFO
  handlers: [console, json_file]
"""


class App:
    def __init__(self, config_path):
        self.config_path = config_path

    def setup_logging(self):
        with open(self.config_path) as fh:
            logging.config.dictConfig(yaml.safe_load(fh))

    def start(self):
        self.setup_logging()
        logging.getLogger("app").info("ready")


def main():
    with open("logging.yaml", "w") as fh:
        fh.write(CONFIG)
    app = App("logging.yaml")
    if VARIANT == 1:
        print("feature-service 1.8.2 starting")
        print("config: logging.yaml")
    app.start()


if __name__ == "__main__":
    main()
