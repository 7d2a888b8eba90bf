"""A teammate's new evaluation launcher builds each site's eval config the way tools/render_config.py does, by concatenating configs/base.toml and the site's file, and the Ulm site file overrides [train]."""
# beside: render-config-concatenates-base-and-site-toml
# why: base and site TOML text concatenated instead of parsed and merged, so a table the site overrides is declared twice, the entry's cause and fix.
EXPECT = ["render-config-concatenates-base-and-site-toml"]
VARIANTS = 2

import os
import sys
import tomllib

VARIANT = int(sys.argv[1])
SITE = "ulm"

os.makedirs("configs/sites", exist_ok=True)
with open("configs/base.toml", "w") as fh:
    fh.write('[data]\nroot = "/mnt/datasets/welds"\nimage_size = 384\n\n[train]\nbatch_size = 64\nepochs = 40\n\n[eval]\nsplit = "test"\n')
with open(f"configs/sites/{SITE}.toml", "w") as fh:
    fh.write('[site]\ncode = "ULM"\n\n[train]\nbatch_size = 24\n' + ('\n[eval]\nsplit = "ulm_holdout"\n' if VARIANT else ""))


def eval_config(site):
    text = ""
    for part in ("configs/base.toml", f"configs/sites/{site}.toml"):
        with open(part) as fh:
            text += fh.read() + "\n"
    return tomllib.loads(text)


print(f"evaluating weld-seam-inspection for {SITE}")
print(eval_config(SITE)["eval"])
