"""string.Template errors building output paths and reports: substitute() without a key the template names, a '$5' in report text read as a placeholder."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
from string import Template

import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("paths.yaml", "w") as f:
    f.write("checkpoint_dir: runs/${project}/${run_name}/ckpt\nlog_file: runs/${project}/${run_name}/train.log\npredictions: preds/${split}_${seed}.csv\n")


def resolve_paths(template_file, **values):
    with open(template_file) as f:
        raw = yaml.safe_load(f)
    return {k: Template(v).substitute(values) for k, v in raw.items()}


def render_report(metrics, cost_per_hour):
    text = (
        "Run $run: accuracy $acc on the held-out split.\n"
        "Training took $hours GPU hours at $5/hour (${cost} total).\n"
    )
    return Template(text).substitute(run=metrics["run"], acc=metrics["acc"], hours=metrics["hours"], cost=metrics["hours"] * cost_per_hour)


if V == 0:
    paths = resolve_paths("paths.yaml", project="churn", split="val", seed=13)
    print(paths)
elif V == 1:
    print(render_report({"run": "exp-12", "acc": 0.874, "hours": 3.5}, 5))
else:
    for seed in (11, 12, 13):
        print(f"seed {seed}: done", flush=True)
    print(resolve_paths("paths.yaml", project="churn", run_name="exp-12", split="test"))
