"""deploy/setup_gpu_box.py applies the host's overrides (a bigger batch size, more loader workers) by appending 'key = value' lines to conf/train.ini; [train] is the file's last section, so the appended options repeat ones it already has and configparser refuses the file."""
EXPECT = ["gpu-box-setup-appends-overrides-to-train-ini"]
VARIANTS = 4

import configparser
import logging
import os
import sys

VARIANT = int(sys.argv[1])
CONF = {0: "conf/train.ini", 1: "projects/defects/conf/train.ini", 2: "conf/train.ini", 3: "conf/train.ini"}[VARIANT]

TRAIN_INI = """\
[paths]
data_dir = /data/defects/v4
out_dir = runs

[model]
backbone = resnet50
num_classes = 12
dropout = 0.2

[train]
epochs = 30
lr = 0.0003
batch_size = 32
num_workers = 4
"""


def checkout():
    os.makedirs(os.path.dirname(CONF), exist_ok=True)
    with open(CONF, "w") as fh:
        fh.write(TRAIN_INI)


def setup_gpu_box(overrides):
    """deploy/setup_gpu_box.py: host-specific settings for the A100 box."""
    with open(CONF, "a") as fh:
        for key, value in overrides.items():
            fh.write(f"{key} = {value}\n")
    print(f"applied {len(overrides)} overrides to {CONF}")


def load_config(path):
    parser = configparser.ConfigParser()
    parser.read(path)
    return parser


class Trainer:
    def __init__(self, conf_path):
        self.conf = load_config(conf_path)
        self.batch_size = self.conf.getint("train", "batch_size")


def main():
    checkout()
    overrides = {0: {"batch_size": 128, "num_workers": 16}, 1: {"num_workers": 12},
                 2: {"batch_size": 128, "num_workers": 16}, 3: {"batch_size": 96, "num_workers": 16}}[VARIANT]
    setup_gpu_box(overrides)
    if VARIANT == 3:
        print("nvidia-smi: 1 x A100-SXM4-80GB")
        print("starting training run defects-resnet50")
    if VARIANT == 1:
        trainer = Trainer(CONF)
    else:
        conf = load_config(CONF)
        print("batch size", conf.getint("train", "batch_size"))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s train: %(message)s")
        logging.info("reading %s", CONF)
        try:
            main()
        except Exception:
            logging.exception("could not start training")
            sys.exit(1)
    else:
        main()
