"""A `latest` symlink is made with a relative target written from the working directory, but a relative target is resolved from the link's own folder: the link is dangling (FileNotFoundError on a file `ls` shows) or points at itself (Too many levels of symbolic links)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import os
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("ckpt")

RUN = ["checkpoints", "runs/exp-14", "outputs/2024-06-02"][V]
os.makedirs(RUN, exist_ok=True)


def save(step):
    path = os.path.join(RUN, f"step-{step:05d}.json")
    with open(path, "w") as f:
        json.dump({"step": step, "weights": [step * 0.1] * 3}, f)
    log.info("saved %s", path)
    return path


def point_latest(target):
    link = os.path.join(RUN, "latest.json")
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(target, link)  # target is relative to the cwd, not to RUN
    log.info("latest -> %s", target)
    return link


def resume():
    link = os.path.join(RUN, "latest.json")
    log.info("resuming from %s (listed: %s)", link, sorted(os.listdir(RUN)))
    with open(link) as f:
        return json.load(f)["step"]


class Trainer:
    def __init__(self):
        self.step = 0

    def fit(self, steps, every):
        for _ in range(steps):
            self.step += 1
            if self.step % every == 0:
                point_latest(save(self.step))


if V == 0:
    Trainer().fit(steps=6, every=3)
    print("resumed at step", resume())
elif V == 1:
    Trainer().fit(steps=4, every=2)
    os.remove(os.path.join(RUN, "latest.json"))
    os.symlink("latest.json", os.path.join(RUN, "latest.json"))  # "make latest point at latest.json"
    print("resumed at step", resume())
else:
    for step in (100, 200):
        point_latest(os.path.abspath(save(step)).replace(os.getcwd() + os.sep, ""))
    print("resumed at step", resume())
