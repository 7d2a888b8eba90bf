"""The annotation UI's label config was written by a frontend developer as a JavaScript object literal (unquoted keys) and committed as label_config.json; the training data loader reads it with json.load."""
# beside: launcher-run-config-json-written-with-str-dict
# why: the file is hand-written JS object syntax with bare keys, not a Python dict repr that a launcher wrote with str().
EXPECT = []
VARIANTS = 2

import json
import sys

VARIANT = int(sys.argv[1])
with open("label_config.json", "w") as fh:
    fh.write(
        '{classes: ["ok", "scratch", "dent", "crack"],\n colors: {ok: "#2ecc71", scratch: "#e67e22"},\n'
        + (' hotkeys: {ok: "1", scratch: "2"},\n' if VARIANT == 1 else "")
        + ' multi_label: false}\n'
    )


def load_label_config(path):
    with open(path) as fh:
        return json.load(fh)


if VARIANT == 1:
    print("loading label_config.json for the defects project")
classes = load_label_config("label_config.json")["classes"]
