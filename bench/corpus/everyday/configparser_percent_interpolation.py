"""A configparser .ini value with a literal '%' (a URL-encoded password, a percentage, a strftime pattern) read with the default BasicInterpolation: InterpolationSyntaxError: '%' must be followed by '%' or '('."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import configparser
import logging
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
log = logging.getLogger("settings")

INI = """\
[database]
url = postgresql://etl:p%%40ss@db.internal:5432/features
password = Summer%2024!

[split]
holdout = 20%
seed = 7

[logging]
filename = logs/train-%Y%m%d.log
level = INFO
"""
NAME = ["settings.ini", "pipeline.cfg", "job.ini"][V]
with open(NAME, "w") as f:
    f.write(INI)


class Settings:
    def __init__(self, path):
        self.cp = configparser.ConfigParser()
        self.cp.read(path)
        log.info("sections: %s", self.cp.sections())

    def db(self):
        return self.cp["database"]["url"], self.cp["database"]["password"]

    def holdout(self):
        return float(self.cp.get("split", "holdout").rstrip("%")) / 100


def log_file(cp):
    from datetime import date
    return date(2024, 6, 1).strftime(cp.get("logging", "filename"))


s = Settings(NAME)
if V == 0:
    print("connecting with", s.db())
elif V == 1:
    log.info("seed %s", s.cp.getint("split", "seed"))
    print("holdout fraction", s.holdout())
else:
    log.info("level %s", s.cp["logging"]["level"])
    print("writing logs to", log_file(s.cp))
