"""The cluster submit script builds runs/<run_id>/run_config.json from a shell heredoc template; when the optional tags line is empty the previous line keeps its trailing comma, and train.py's load_run_config reads it with json.load."""
# beside: launcher-run-config-json-written-with-str-dict
# why: the JSON is broken by a trailing comma a shell template leaves when its last optional field is empty, not by str() of a Python dict.
EXPECT = []
VARIANTS = 3

import json
import logging
import os
import subprocess
import sys

VARIANT = int(sys.argv[1])
RUN_ID = {0: "r2024-06-11-a", 1: "cluster-5512", 2: "r2024-06-11-a"}[VARIANT]

TEMPLATE = """mkdir -p runs/$RUN_ID
cat > runs/$RUN_ID/run_config.json <<JSON
{
  "model": "tabnet",
  "lr": $LR,
  "epochs": $EPOCHS,
$TAGS_LINE
}
JSON
"""


def submit(run_id):
    env = dict(os.environ, RUN_ID=run_id, LR={0: "0.0003", 1: "0.001", 2: "0.0003"}[VARIANT], EPOCHS="20", TAGS_LINE="")
    subprocess.run(["bash", "-c", TEMPLATE], env=env, check=True)
    return os.path.join("runs", run_id)


def load_run_config(run_dir):
    with open(os.path.join(run_dir, "run_config.json")) as fh:
        return json.load(fh)


if VARIANT == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s train: %(message)s")
    logging.info("starting run %s", RUN_ID)
if VARIANT == 1:
    print(f"submitted {RUN_ID}")
load_run_config(submit(RUN_ID))
