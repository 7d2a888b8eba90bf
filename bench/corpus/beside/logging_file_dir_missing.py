"""dictConfig's file handler is given the logs folder itself as its filename (log_dir pasted where log_file belongs)."""
# beside: logging-yaml-json-handler-package-missing
# why: the handler class is the stock FileHandler and imports fine; its filename is an existing directory, so opening it fails.
EXPECT = []
VARIANTS = 2

import logging.config
import os
import sys

VARIANT = int(sys.argv[1])

settings = {"log_dir": "logs", "log_file": "logs/app.log"}
os.makedirs(settings["log_dir"], exist_ok=True)
name = {0: "file", 1: "json_file"}[VARIANT]
logging.config.dictConfig(
    {
        "version": 1,
        "handlers": {name: {"class": "logging.FileHandler", "filename": settings["log_dir"]}},
        "root": {"handlers": [name], "level": "INFO"},
    }
)
