"""tomllib.load given a file opened in text mode (open(path), Path.open(), open with an encoding): TypeError: File must be opened in binary mode, e.g. use `open('foo.toml', 'rb')`."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys
import tomllib
from pathlib import Path

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

NAME = ["train.toml", "pyproject.toml", "serving.toml"][V]
Path(NAME).write_text(
    '[project]\nname = "churn-model"\nversion = "0.3.1"\n\n'
    "[tool.train]\nepochs = 20\nbatch_size = 64\nlr = 3e-4\n\n"
    '[serving]\nhost = "0.0.0.0"\nport = 8080\n'
)


def load_config(path):
    with open(path) as f:
        return tomllib.load(f)


def read_version(path):
    with open(path, encoding="utf-8") as f:
        return tomllib.load(f)["project"]["version"]


class Settings:
    def __init__(self, path):
        self.path = Path(path)
        logging.info("loading settings from %s", self.path)
        with self.path.open() as f:
            self.data = tomllib.load(f)

    @property
    def port(self):
        return self.data["serving"]["port"]


if V == 0:
    cfg = load_config(NAME)
    print("epochs:", cfg["tool"]["train"]["epochs"])
elif V == 1:
    logging.info("building wheel")
    print("version", read_version(NAME))
else:
    logging.info("starting server")
    print("port", Settings(NAME).port)
