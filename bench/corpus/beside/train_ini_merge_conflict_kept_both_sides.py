"""Two branches changed conf/train.ini's batch_size (one to 48 for the new augmentations, one to 16 for the bigger backbone); whoever resolved the merge conflict deleted the markers and kept both lines."""
# beside: gpu-box-setup-appends-overrides-to-train-ini
# why: the duplicate batch_size comes from a merge conflict resolved by keeping both sides in the committed file, not from a deploy script appending host overrides; the fix is to resolve the conflict in git.
EXPECT = []
VARIANTS = 2

import configparser
import os
import sys

VARIANT = int(sys.argv[1])
RESOLVED = """\
[paths]
data_dir = /data/defects/v4
out_dir = runs

[model]
backbone = {backbone}
num_classes = 12

[train]
epochs = 30
lr = 0.0003
batch_size = 48
batch_size = 16
num_workers = 4
"""


def load_config(path):
    parser = configparser.ConfigParser()
    parser.read(path)
    return parser


os.makedirs("conf", exist_ok=True)
with open("conf/train.ini", "w") as fh:
    fh.write(RESOLVED.format(backbone={0: "convnext_base", 1: "resnet101"}[VARIANT]))
print(f"training {'convnext_base' if VARIANT == 0 else 'resnet101'} from conf/train.ini")
conf = load_config("conf/train.ini")
print(conf["train"]["batch_size"])
