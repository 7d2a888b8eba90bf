"""Before a long run a researcher added the new gradient-clipping settings by typing a second [train] table at the end of configs/experiment.toml instead of adding the keys to the existing one."""
# beside: render-config-concatenates-base-and-site-toml
# why: the second [train] is typed by hand into one config file; no tool concatenates a base and a site file, and the fix is to move the keys into the existing table.
EXPECT = []
VARIANTS = 2

import os
import sys
import tomllib

VARIANT = int(sys.argv[1])

TEXT = """\
[project]
name = "weld-seam-inspection"

[data]
root = "/mnt/datasets/welds"
image_size = 384

[train]
epochs = 40
batch_size = 64
lr = 3e-4

[logging]
every_n_steps = 50

# 2024-06-04: clip gradients for the fp16 run
[train]
{extra}
"""


def load_config(path):
    with open(path, "rb") as fh:
        return tomllib.load(fh)


os.makedirs("configs", exist_ok=True)
with open("configs/experiment.toml", "w") as fh:
    fh.write(TEXT.format(extra={0: "grad_clip = 1.0", 1: "grad_clip = 0.5\naccumulate = 4"}[VARIANT]))
print(load_config("configs/experiment.toml")["train"])
