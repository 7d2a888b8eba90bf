"""The sweep tool writes each trial's config as JSON with max_steps as 20000.0; the trainer formats it with :d in its checkpoint names."""
# beside: weekly-kpi-report-units-float-after-store-reindex
# why: the float is a value serialized as 20000.0 by the sweep tool in a config file, not a count column turned float by a reindex with NaN.
EXPECT = []
VARIANTS = 2

import json
import logging
import sys

VARIANT = int(sys.argv[1])


def sweep_writes_trial(path):
    trial = {"lr": 3e-4, "max_steps": float({0: 20000, 1: 5000}[VARIANT]), "save_every": 1000}
    with open(path, "w") as fh:
        json.dump(trial, fh)


def checkpoint_name(cfg, step):
    return "ckpt_{:06d}_of_{:06d}.pt".format(step, cfg["max_steps"])


def main():
    sweep_writes_trial("trial_017.json")
    with open("trial_017.json") as fh:
        cfg = json.load(fh)
    print(f"lr={cfg['lr']}")
    print(checkpoint_name(cfg, cfg["save_every"]))


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s trial_017: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("trial crashed")
            sys.exit(1)
    else:
        main()
