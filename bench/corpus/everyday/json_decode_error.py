"""json.JSONDecodeError when loading a hand-edited or empty JSON file."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

CONTENTS = [
    '{\n  "lr": 0.001,\n  "epochs": 10,\n}\n',  # trailing comma
    "",  # empty file written by a crashed job
    '{"name": "run-3"}\n{"name": "run-4"}\n',  # JSON lines read as one document
    "{'lr': 0.01, 'epochs': 5}\n",  # Python dict repr saved instead of JSON
]
with open("settings.json", "w") as f:
    f.write(CONTENTS[V])


def load_settings(path):
    with open(path) as f:
        return json.load(f)


class SettingsError(Exception):
    pass


def settings_or_fail(path):
    try:
        return load_settings(path)
    except json.JSONDecodeError as err:
        raise SettingsError(f"could not parse {path}") from err


print("loading settings.json")
print(settings_or_fail("settings.json") if V == 3 else load_settings("settings.json"))
