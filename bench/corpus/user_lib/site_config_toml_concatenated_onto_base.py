"""tools/render_config.py builds a plant's run config by concatenating the text of configs/base.toml and configs/sites/<site>.toml; it worked while site files only added their own tables, but the new Ulm site file overrides [train] (a smaller batch for its GPUs), so the rendered file declares [train] twice."""
EXPECT = ["render-config-concatenates-base-and-site-toml"]
VARIANTS = 4

import logging
import os
import sys
import tomllib

VARIANT = int(sys.argv[1])
SITE = {0: "ulm", 1: "porto", 2: "ulm", 3: "ulm"}[VARIANT]
TABLE = {0: "train", 1: "data", 2: "train", 3: "train"}[VARIANT]

BASE = """\
[project]
name = "weld-seam-inspection"
owner = "vision-qa"

[data]
root = "/mnt/datasets/welds"
image_size = 384
val_fraction = 0.1

[train]
epochs = 40
batch_size = 64
lr = 3e-4
mixed_precision = true
"""

SITES = {
    "ulm": '[site]\ncode = "ULM"\ncameras = ["cam-a", "cam-b"]\n\n[train]\nbatch_size = 24\n',
    "porto": '[site]\ncode = "OPO"\ncameras = ["line-1"]\n\n[data]\nroot = "/data/porto/welds"\n',
}


def checkout():
    os.makedirs("configs/sites", exist_ok=True)
    with open("configs/base.toml", "w") as fh:
        fh.write(BASE)
    for site, text in SITES.items():
        with open(f"configs/sites/{site}.toml", "w") as fh:
            fh.write(text)


def render_config(site, out):
    """tools/render_config.py"""
    parts = ["configs/base.toml", f"configs/sites/{site}.toml"]
    with open(out, "w") as fh:
        for part in parts:
            with open(part) as src:
                fh.write(f"# --- {part}\n" + src.read() + "\n")
    return out


def load_config(path):
    with open(path, "rb") as fh:
        return tomllib.load(fh)


def main():
    checkout()
    os.makedirs("runs", exist_ok=True)
    rendered = render_config(SITE, f"runs/{SITE}_config.toml")
    if VARIANT == 3:
        print(f"rendered {rendered}")
        print(f"launching weld-seam-inspection for site {SITE}")
    config = load_config(rendered)
    print(config[TABLE])


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s launch: %(message)s")
        logging.info("site %s: rendering run config", SITE)
        try:
            main()
        except Exception:
            logging.exception("could not read run config")
            sys.exit(1)
    else:
        main()
