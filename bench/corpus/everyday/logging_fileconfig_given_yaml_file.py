"""RuntimeError: logging.yaml is invalid: File contains no section headers: logging.config.fileConfig (the INI loader) given a YAML/JSON dictConfig file or an empty placeholder logging.ini."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import logging.config
import os
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

DICT_CONFIG = {
    "version": 1,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain",
                             "stream": "ext://sys.stdout"}},
    "root": {"level": "INFO", "handlers": ["console"]},
}
os.makedirs("configs", exist_ok=True)
with open("configs/logging.yaml", "w") as f:
    f.write(
        "version: 1\n"
        "formatters:\n  plain:\n    format: '%(asctime)s %(levelname)s %(name)s %(message)s'\n"
        "handlers:\n  console:\n    class: logging.StreamHandler\n    formatter: plain\n"
        "    stream: ext://sys.stdout\n"
        "root:\n  level: INFO\n  handlers: [console]\n"
    )
with open("configs/logging.json", "w") as f:
    json.dump(DICT_CONFIG, f, indent=2)
open("configs/logging.ini", "w").close()   # placeholder from the project template, never filled in

if V == 0:
    logging.config.fileConfig("configs/logging.yaml", disable_existing_loggers=False)
    logging.getLogger("train").info("starting")
elif V == 1:
    def setup_logging(path=os.environ.get("LOG_CONFIG", "configs/logging.json")):
        print(f"logging config: {path}", flush=True)
        logging.config.fileConfig(path)

    setup_logging()
    logging.getLogger("serve").info("model loaded")
elif V == 2:
    for stage in ("download", "clean"):
        print(f"stage {stage} ok", flush=True)
    logging.config.fileConfig("configs/logging.ini")
    logging.getLogger("pipeline").info("stage features")
else:
    class Service:
        def __init__(self, log_config):
            self.log_config = log_config

        def start(self):
            if self.log_config.endswith((".yaml", ".yml", ".ini", ".json")):
                logging.config.fileConfig(self.log_config)
            self.log = logging.getLogger("scorer")
            self.log.info("ready")

    Service("configs/logging.yaml").start()
