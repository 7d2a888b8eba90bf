"""A dict with int keys (id2label, class counts) is saved to JSON and loaded back: its keys are now strings, and lookups by int raise KeyError."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys

import numpy as np

VARIANT = int(sys.argv[1])
log = logging.getLogger("predict")

labels = ["negative", "neutral", "positive"] if VARIANT != 1 else ["cat", "dog", "bird", "fish"]
with open("label_map.json", "w") as f:
    json.dump({i: name for i, name in enumerate(labels)}, f, indent=2)
with open("class_counts.json", "w") as f:
    json.dump({0: 812, 1: 95, 2: 41, 3: 12}, f)

id2label = json.load(open("label_map.json"))

if VARIANT == 0:
    logits = np.array([[0.1, 2.3, -1.0], [1.7, 0.2, 0.4], [-0.3, 0.1, 3.1]])
    for row in logits:
        pred = int(row.argmax())
        print(pred, id2label[pred])
elif VARIANT == 1:
    counts = json.load(open("class_counts.json"))
    total = sum(counts.values())
    print(f"{total} training images")
    weights = [total / (len(counts) * counts[c]) for c in range(len(labels))]
    print([round(w, 2) for w in weights])
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        for request_id, pred in [("r-101", 2), ("r-102", 0)]:
            log.info("%s -> %s", request_id, id2label[pred])
    except Exception:
        log.exception("prediction post-processing failed")
        sys.exit(1)
