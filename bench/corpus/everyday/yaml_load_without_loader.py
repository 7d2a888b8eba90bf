"""yaml.load / yaml.load_all called without a Loader, as in old tutorials (PyYAML 6 made it required): TypeError: load() missing 1 required positional argument: 'Loader'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys
from pathlib import Path

import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def read_experiment(path):
    with open(path) as handle:
        return yaml.load(handle)


def merged_config(base_path, override_path):
    base = read_experiment(base_path)
    base.update(read_experiment(override_path))
    return base


def sweep_trials(path):
    with open(path) as handle:
        return [doc for doc in yaml.load_all(handle) if doc]


def serving_manifest(path):
    logging.info("reading serving manifest %s", path)
    spec = yaml.load(Path(path).read_text())
    return spec["model"]["uri"], spec["resources"]["workers"]


if V == 0:
    Path("base.yaml").write_text("model: tft\nhorizon: 28\nbatch_size: 64\n")
    Path("override.yaml").write_text("batch_size: 128\n")
    print("merging base.yaml + override.yaml")
    print(merged_config("base.yaml", "override.yaml"))
elif V == 1:
    Path("sweep.yaml").write_text("lr: 0.001\nwarmup: 100\n---\nlr: 0.0003\nwarmup: 500\n")
    for trial in sweep_trials("sweep.yaml"):
        print("trial", trial)
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    Path("serving.yaml").write_text("model:\n  uri: models/listing-quality-v7\nresources:\n  workers: 2\n")
    print(serving_manifest("serving.yaml"))
