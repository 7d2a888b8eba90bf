"""A fine-tuning recipe written for A100s (bf16=True, tf32=True) run on a machine without Ampere-class bf16/TF32 support: TrainingArguments refuses it at start-up."""
EXPECT = ["bf16-unsupported-on-v100"]
VARIANTS = 3

import json
import sys

import torch
from transformers import HfArgumentParser, TrainingArguments

v = int(sys.argv[1])
recipe = {"output_dir": "runs/sft", "per_device_train_batch_size": 16, "learning_rate": 2e-5,
          "num_train_epochs": 3, "bf16": v != 0, "tf32": v != 1, "report_to": "none"}
with open("recipe_a100.json", "w") as f:
    json.dump(recipe, f, indent=2)

print(f"torch {torch.__version__}, cuda available: {torch.cuda.is_available()}")
print("loading recipe_a100.json:", {k: recipe[k] for k in ("bf16", "tf32", "per_device_train_batch_size")})


def build_args(path):
    if v == 2:
        (args,) = HfArgumentParser(TrainingArguments).parse_json_file(path)
        return args
    with open(path) as f:
        return TrainingArguments(**json.load(f))


args = build_args("recipe_a100.json")
print("training with", args.device)
