"""save_run_config writes each run's config.yaml with yaml.dump and the run config holds tuples (image_size, betas); the eval job reads it back with yaml.safe_load."""
EXPECT = ["run-config-yaml-dump-python-tuple-tags"]
VARIANTS = 4

import logging
import os
import sys

import yaml

VARIANT = int(sys.argv[1])


def run_config(run):
    cfg = {"run": run, "model": "resnet18", "lr": 3e-4, "epochs": 30}
    if VARIANT in (0, 2):
        cfg["image_size"] = (224, 224)
    elif VARIANT == 1:
        cfg["optimizer"] = {"name": "adamw", "betas": (0.9, 0.999), "eps": 1e-8}
    else:
        cfg["augment"] = {"crop": (0.08, 1.0), "flip": True}
    return cfg


def save_run_config(cfg, run_dir):
    os.makedirs(run_dir, exist_ok=True)
    with open(os.path.join(run_dir, "config.yaml"), "w") as fh:
        yaml.dump(cfg, fh)


def load_run_config(run_dir):
    with open(os.path.join(run_dir, "config.yaml")) as fh:
        return yaml.safe_load(fh)


def main():
    runs = {0: ["runs/resnet18-0603"], 1: ["outputs/2024-06-03/run-7"], 2: ["runs/resnet18-0603"], 3: ["runs/a", "runs/b", "runs/c"]}[VARIANT]
    if VARIANT == 3:
        # older runs were written before the augment block existed
        for run_dir in runs[:2]:
            os.makedirs(run_dir, exist_ok=True)
            with open(os.path.join(run_dir, "config.yaml"), "w") as fh:
                yaml.safe_dump({"run": run_dir, "model": "resnet18", "lr": 1e-3, "epochs": 30}, fh)
    save_run_config(run_config(runs[-1]), runs[-1])
    for run_dir in runs:
        cfg = load_run_config(run_dir)
        print(f"{run_dir}: model={cfg['model']} lr={cfg['lr']}")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s evaluate: %(message)s")
        logging.info("evaluating runs/resnet18-0603")
        try:
            main()
        except Exception:
            logging.exception("could not read run config")
            sys.exit(1)
    else:
        main()
