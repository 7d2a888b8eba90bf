"""A missing comma between two strings in a list (`"lr" "epochs"`) makes Python join them into one key: KeyError: 'lrepochs' reading the config."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

config = {"learning_rate": 3e-4, "batch_size": 32, "epochs": 10, "warmup_steps": 500, "seed": 7}
with open("run_config.json", "w") as f:
    json.dump(config, f)

if V == 0:
    REQUIRED = ["learning_rate", "batch_size" "epochs", "seed"]
elif V == 1:
    REQUIRED = ["learning_rate",
                "batch_size",
                "warmup_steps"
                "epochs"]
else:
    REQUIRED = ["seed", "learning_rate" "batch_size"]


def load_hparams(path):
    with open(path) as f:
        raw = json.load(f)
    return {key: raw[key] for key in REQUIRED}


if __name__ == "__main__":
    if V == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        logging.getLogger("train").info("reading %s", "run_config.json")
    hp = load_hparams("run_config.json")
    print("hyper-parameters:", hp)
