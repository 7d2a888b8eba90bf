"""yaml ComposerError: expected a single document in the stream, loading a config with an appended '---' override block, a front-matter file, or a multi-document job spec with safe_load."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
from pathlib import Path

import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

Path("configs").mkdir()
Path("configs/train.yaml").write_text(
    "model:\n  name: resnet18\n  num_classes: 10\noptim:\n  lr: 0.001\n  epochs: 20\n"
    "---\n# overrides for the long run\noptim:\n  epochs: 90\n"
)
Path("MODEL_CARD.md").write_text(
    "---\nlicense: apache-2.0\ntags: [image-classification]\nmetrics: [accuracy]\n---\n"
    "# pets-resnet18\n\nAccuracy 0.91 on the held-out split.\n"
)
Path("configs/job.yaml").write_text(
    "kind: Job\nname: train-pets\nresources: {cpu: 4}\n---\nkind: Job\nname: eval-pets\nresources: {cpu: 2}\n"
)


def load_config(path):
    with open(path) as f:
        return yaml.safe_load(f)


def read_card_metadata(path):
    return yaml.safe_load(Path(path).read_text())


def job_names(path):
    spec = load_config(path)
    return [spec["name"]]


if V == 0:
    cfg = load_config("configs/train.yaml")
    print("training", cfg["model"]["name"], "for", cfg["optim"]["epochs"], "epochs")
elif V == 1:
    print(read_card_metadata("MODEL_CARD.md")["tags"])
else:
    print("submitting", job_names("configs/job.yaml"))
