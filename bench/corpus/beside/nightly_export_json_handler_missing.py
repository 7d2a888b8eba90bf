"""A teammate's nightly export job reuses logging.yaml with the ranker_utils JsonLinesHandler, in an image without ranker_utils."""
# beside: logging-yaml-json-handler-package-missing
# why: the handler class ranker_utils.logs.JsonLinesHandler cannot be imported in the job's image, the entry's own cause and fix.
EXPECT = ["logging-yaml-json-handler-package-missing"]
VARIANTS = 2

import logging.config
import sys

import yaml

VARIANT = int(sys.argv[1])

with open("logging.yaml", "w") as fh:
    fh.write(
        "version: 1\nhandlers:\n  console: {class: logging.StreamHandler}\n  json_file:\n"
        "    class: ranker_utils.logs.JsonLinesHandler\n    path: nightly_export.jsonl\nroot:\n  level: INFO\n  handlers: [console, json_file]\n"
    )
if VARIANT == 1:
    print("nightly-export 2024-07-02 starting")
with open("logging.yaml") as fh:
    logging.config.dictConfig(yaml.safe_load(fh))
