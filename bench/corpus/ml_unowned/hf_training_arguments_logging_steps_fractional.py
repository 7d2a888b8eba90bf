EXPECT = []
VARIANTS = 3

# The launcher logs "8 times per epoch" and evaluates "twice per epoch": it divides the number of
# steps per epoch with / and passes the float on to TrainingArguments.
import math
import sys

from transformers import TrainingArguments

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

RUN = [
    {"n_train": 1600, "batch_size": 16, "logs_per_epoch": 8, "evals_per_epoch": 2},
    {"n_train": 5000, "batch_size": 32, "logs_per_epoch": 10, "evals_per_epoch": 1},
    {"n_train": 800, "batch_size": 8, "logs_per_epoch": 4, "evals_per_epoch": 3},
][V]


def make_args(run):
    steps_per_epoch = math.ceil(run["n_train"] / run["batch_size"])
    print(f"{steps_per_epoch} steps per epoch")
    return TrainingArguments(
        output_dir="out",
        per_device_train_batch_size=run["batch_size"],
        num_train_epochs=3,
        logging_steps=steps_per_epoch / run["logs_per_epoch"],
        eval_strategy="steps",
        eval_steps=steps_per_epoch / run["evals_per_epoch"],
        save_strategy="no",
        report_to=[],
    )


if __name__ == "__main__":
    args = make_args(RUN)
    print(args.logging_steps, args.eval_steps)
