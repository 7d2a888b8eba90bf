"""A teammate's new sweep goes through the same generator; one trial's notes is "ablation: no warmup"."""
# beside: sweep-generator-unquoted-notes-colon
# why: the sweep generator's string template writes the notes unquoted and the colon breaks the YAML, the entry's cause and fix.
EXPECT = ["sweep-generator-unquoted-notes-colon"]
VARIANTS = 2

import sys

import yaml

VARIANT = int(sys.argv[1])

TEMPLATE = "run_name: {name}\nnotes: {notes}\noptimizer:\n  lr: {lr}\n"
trials = {0: [("warmup_t0", "ablation: no warmup", 1e-3)], 1: [("warmup_t0", "baseline", 1e-3), ("warmup_t1", "ablation: no warmup", 1e-3)]}[VARIANT]
for i, (name, notes, lr) in enumerate(trials):
    with open(f"trial_{i}.yaml", "w") as fh:
        fh.write(TEMPLATE.format(name=name, notes=notes, lr=lr))
    cfg = yaml.safe_load(open(f"trial_{i}.yaml"))
    print(f"launching {cfg['run_name']}")
