"""Someone added a class to label_map.json by hand and left an extra closing brace at the end of the file."""
# beside: labeling-tool-export-annotations-json-now-jsonl
# why: the trailing data is a typo in a hand-edited JSON file, not a labeling-tool export switched to one object per line.
EXPECT = []
VARIANTS = 2

import json
import sys

VARIANT = int(sys.argv[1])

text = {
    0: '{\n  "scratch": 0,\n  "dent": 1,\n  "crack": 2,\n  "ok": 3\n}\n}\n',
    1: '{"scratch": 0, "dent": 1, "crack": 2, "ok": 3,\n "rust": 4}}\n',
}[VARIANT]
with open("label_map.json", "w") as fh:
    fh.write(text)

if VARIANT == 1:
    print("loading label_map.json")
with open("label_map.json") as fh:
    label_map = json.load(fh)
print(f"{len(label_map)} classes")
