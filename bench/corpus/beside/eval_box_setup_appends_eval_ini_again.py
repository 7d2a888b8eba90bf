"""A teammate's deploy/setup_eval_box.py, copied from setup_gpu_box.py, applies the eval box's settings by appending lines to conf/eval.ini, whose last section is [eval]."""
# beside: gpu-box-setup-appends-overrides-to-train-ini
# why: host overrides appended as raw 'key = value' lines to an ini whose last section already has those options, the entry's cause and fix.
EXPECT = ["gpu-box-setup-appends-overrides-to-train-ini"]
VARIANTS = 2

import configparser
import os
import sys

VARIANT = int(sys.argv[1])
EVAL_INI = """\
[data]
split = test
image_size = 384

[eval]
batch_size = 64
num_workers = 4
tta = false
"""


def setup_eval_box(overrides):
    with open("conf/eval.ini", "a") as fh:
        for key, value in overrides.items():
            fh.write(f"{key} = {value}\n")


os.makedirs("conf", exist_ok=True)
with open("conf/eval.ini", "w") as fh:
    fh.write(EVAL_INI)
setup_eval_box({0: {"num_workers": 24, "tta": "true"}, 1: {"batch_size": 256}}[VARIANT])
print("eval box ready")
parser = configparser.ConfigParser()
parser.read("conf/eval.ini")
print(parser.getint("eval", "batch_size"))
