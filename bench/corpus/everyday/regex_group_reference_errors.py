"""Bad regex group references parsing checkpoint names: m.group(3) with two groups, a misspelled named group, a replacement template naming a group the pattern does not have."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import re
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

CKPTS = [
    "epoch=03-step=1200-val_loss=0.812.ckpt",
    "epoch=07-step=2800-val_loss=0.655.ckpt",
    "epoch=11-step=4400-val_loss=0.671.ckpt",
]
CKPT_RE = re.compile(r"epoch=(\d+)-step=(\d+)")
NAMED_RE = re.compile(r"epoch=(?P<epoch>\d+)-step=(?P<step>\d+)-val_loss=(?P<val_loss>[0-9.]+)")


def parse_ckpt(name):
    m = CKPT_RE.search(name)
    return int(m.group(1)), int(m.group(2)), float(m.group(3))


def best_ckpt(names):
    scored = []
    for name in names:
        m = NAMED_RE.search(name)
        scored.append((float(m.group("valloss")), name))
    return min(scored)[1]


def export_name(name):
    return re.sub(r"epoch=(\d+)-step=\d+", r"model-e\1-s\2", name)


def run_name(name, template=r"\g<run>_\g<epoch>"):
    return NAMED_RE.sub(template, name)


if V == 0:
    for name in CKPTS:
        print(parse_ckpt(name))
elif V == 1:
    print("best:", best_ckpt(CKPTS))
elif V == 2:
    for name in CKPTS:
        print(name, "->", export_name(name))
else:
    print([run_name(n) for n in CKPTS])
