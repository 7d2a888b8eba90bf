"""The sweep generator writes the run's notes unquoted into the YAML; a note containing ': ' breaks the file."""
EXPECT = ["sweep-generator-unquoted-notes-colon"]
VARIANTS = 3

import sys

import yaml

VARIANT = int(sys.argv[1])

TEMPLATE = "run_name: {name}\nnotes: {notes}\noptimizer:\n  lr: {lr}\n"


def render(name, notes, lr, path):
    with open(path, "w") as fh:
        fh.write(TEMPLATE.format(name=name, notes=notes, lr=lr))


def load(path):
    with open(path) as fh:
        return yaml.safe_load(fh)


def main():
    trials = {
        0: [("sweep12_t0", "baseline: no augmentation", 3e-4)],
        1: [("sweep12_t0", "lr sweep", 1e-4), ("sweep12_t1", "warmup 500 steps", 3e-4), ("sweep12_t2", "ablation: no dropout", 1e-3)],
        2: [("aug_t4", "retry of t3: OOM at step 900", 5e-4)],
    }[VARIANT]
    for i, (name, notes, lr) in enumerate(trials):
        render(name, notes, lr, f"trial_{i}.yaml")
    for i in range(len(trials)):
        cfg = load(f"trial_{i}.yaml")
        print(f"trial {i}: {cfg['run_name']} lr={cfg['optimizer']['lr']}")


if __name__ == "__main__":
    main()
