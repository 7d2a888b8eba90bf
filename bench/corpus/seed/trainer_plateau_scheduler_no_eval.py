"""Trainer configured with a reduce_lr_on_plateau scheduler but no evaluation: the scheduler could never step."""
EXPECT = ["lr-scheduler-not-stepped"]
VARIANTS = 2

import sys

from transformers import TrainingArguments

v = int(sys.argv[1])
kwargs = {"eval_strategy": "no"} if v == 0 else {}
args = TrainingArguments(output_dir="out", lr_scheduler_type="reduce_lr_on_plateau",
                         learning_rate=[5e-5, 3e-4][v], logging_steps=10, **kwargs)
