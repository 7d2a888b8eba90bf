"""The console handler's level is written as "VERBOSE", which logging does not know."""
# beside: logging-yaml-json-handler-package-missing
# why: an unknown level name in the handler config, not a handler class from a package that isn't installed.
EXPECT = []
VARIANTS = 2

import logging.config
import sys

import yaml

VARIANT = int(sys.argv[1])

text = """
version: 1
handlers:
  {name}:
    class: logging.StreamHandler
    level: VERBOSE
root:
  handlers: [{name}]
""".format(name={0: "console", 1: "json_file"}[VARIANT])
if VARIANT == 1:
    print("configuring logging")
logging.config.dictConfig(yaml.safe_load(text))
