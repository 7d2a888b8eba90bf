"""from_pretrained is pointed at the training run folder, whose config.json is the run's hyper-parameters, not the model's config."""
# beside: export-config-json-missing-model-type
# why: the folder is the wrong one (the run dir with a training config.json); the export script's output is not involved.
EXPECT = []
VARIANTS = 2

import json
import os
import sys

from transformers import AutoConfig

VARIANT = int(sys.argv[1])

run_dir = {0: "runs/2024-07-01_bert_lr3e-4", 1: "outputs/sweep_3"}[VARIANT]
os.makedirs(os.path.join(run_dir, "checkpoint-500"), exist_ok=True)
with open(os.path.join(run_dir, "config.json"), "w") as fh:
    json.dump({"lr": 3e-4, "epochs": 3, "batch_size": 32, "seed": 42}, fh)
AutoConfig.from_pretrained(run_dir)
