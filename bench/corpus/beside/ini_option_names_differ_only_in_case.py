"""The experiment template uses env-var style upper-case keys (LR, WARMUP_STEPS); a colleague added the lower-case lr the trainer reads next to them, and configparser folds option names to lower case."""
# beside: gpu-box-setup-appends-overrides-to-train-ini
# why: the options are two spellings of one key in a hand-written experiment file, clashing because configparser lower-cases option names; nothing appended overrides to the file.
EXPECT = []
VARIANTS = 3

import configparser
import logging
import os
import sys

VARIANT = int(sys.argv[1])
SECTION = {0: "optim", 1: "optim", 2: "schedule"}[VARIANT]
TEXT = {
    0: "[optim]\nLR = 1e-3\nWEIGHT_DECAY = 0.01\nlr = 3e-4\n",
    1: "[data]\nroot = /data/asr\n\n[optim]\nLR = 1e-3\nBETAS = 0.9,0.98\nlr = 5e-4\n",
    2: "[schedule]\nWARMUP_STEPS = 500\nwarmup_steps = 2000\nmax_steps = 40000\n",
}[VARIANT]


def read_experiment(path):
    parser = configparser.ConfigParser()
    with open(path) as fh:
        parser.read_file(fh)
    return dict(parser[SECTION])


os.makedirs("experiments", exist_ok=True)
path = f"experiments/exp_{41 + VARIANT}.ini"
with open(path, "w") as fh:
    fh.write(TEXT)
if VARIANT == 1:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    logging.getLogger("launcher").info("reading %s", path)
print(read_experiment(path))
