EXPECT = []
VARIANTS = 3

# The sweep file uses -1 for "let the library choose" (as max_steps does in TrainingArguments),
# or the warm-up is computed as "total minus the constant phase" with a constant phase longer than
# the run; the value is passed as warmup_steps.
import sys

import yaml
from transformers import TrainingArguments

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

SWEEP_YAML = [
    "trial: 3\nlearning_rate: 3.0e-5\nwarmup_steps: -1\nmax_steps: -1\nepochs: 3\n",
    "trial: 12\nlearning_rate: 1.0e-4\nmax_steps: 2000\nconstant_steps: 2400\nepochs: 1\n",
    "trial: 7\nlearning_rate: 5.0e-5\nwarmup_steps: -500\nepochs: 2\n",
][V]


def warmup_for(trial):
    if "constant_steps" in trial:
        return trial["max_steps"] - trial["constant_steps"]
    return trial["warmup_steps"]


def main():
    with open("trial.yaml", "w") as f:
        f.write(SWEEP_YAML)
    trial = yaml.safe_load(open("trial.yaml"))
    print(f"trial {trial['trial']}: lr={trial['learning_rate']}")
    args = TrainingArguments(
        output_dir=f"runs/trial-{trial['trial']}",
        learning_rate=trial["learning_rate"],
        num_train_epochs=trial["epochs"],
        max_steps=trial.get("max_steps", -1),
        warmup_steps=warmup_for(trial),
        lr_scheduler_type="linear",
        report_to=[],
    )
    print(args.warmup_steps)


if __name__ == "__main__":
    main()
