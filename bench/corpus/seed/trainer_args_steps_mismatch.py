"""TrainingArguments with load_best_model_at_end and save_steps not a multiple of eval_steps."""
EXPECT = ["trainer-save-steps-logging-steps"]
VARIANTS = 3

import sys

from transformers import TrainingArguments

v = int(sys.argv[1])
save_steps, eval_steps, logging_steps = [(500, 300, 100), (300, 200, 125), (1000, 750, 50)][v]
args = TrainingArguments(
    output_dir="runs/exp",
    eval_strategy="steps",
    save_strategy="steps",
    save_steps=save_steps,
    eval_steps=eval_steps,
    logging_steps=logging_steps,
    load_best_model_at_end=True,
    metric_for_best_model="eval_loss",
)
