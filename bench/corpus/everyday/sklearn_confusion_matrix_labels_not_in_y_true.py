"""confusion_matrix(labels=...) given class names (the names of a label map) while y_true holds integer ids or differently-cased names: ValueError: At least one label specified must be in y_true."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys

import numpy as np
import pandas as pd
from sklearn.metrics import confusion_matrix

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(31)

CLASS_NAMES = ["billing", "shipping", "returns", "account"]


def eval_predictions():
    y_true = rng.integers(0, 4, 60)
    y_pred = np.where(rng.random(60) < 0.7, y_true, rng.integers(0, 4, 60))
    return y_true, y_pred


def intent_confusion():
    y_true, y_pred = eval_predictions()
    return confusion_matrix(y_true, y_pred, labels=CLASS_NAMES)


def write_label_map(path):
    with open(path, "w") as f:
        json.dump({"0": "negative", "1": "neutral", "2": "positive"}, f)


def read_gold_and_predicted(path):
    with open(path, "w") as f:
        f.write("review_id,gold,pred\n" + "".join(f"r{i},{g},{p}\n" for i, (g, p) in
                                                  enumerate([(0, 0), (2, 2), (1, 2), (2, 2), (2, 1), (0, 0), (1, 1)])))
    frame = pd.read_csv(path)
    return frame["gold"], frame["pred"]


def sentiment_report(label_map_path):
    with open(label_map_path) as f:
        id2label = json.load(f)
    y_true, y_pred = read_gold_and_predicted("sentiment_eval.csv")
    cm = confusion_matrix(y_true, y_pred, labels=list(id2label.values()))
    return pd.DataFrame(cm, index=list(id2label.values()), columns=list(id2label.values()))


def defect_matrix():
    y_true = ["Scratch", "Dent", "OK", "OK", "Scratch", "Crack"]
    y_pred = ["Scratch", "OK", "OK", "OK", "Dent", "Crack"]
    labels = [name.lower() for name in ["OK", "Scratch", "Dent", "Crack"]]
    print(f"evaluating {len(y_true)} inspected parts", flush=True)
    return confusion_matrix(y_true, y_pred, labels=labels)


if V == 0:
    print(intent_confusion())
elif V == 1:
    write_label_map("label_map.json")
    print(sentiment_report("label_map.json"))
else:
    print(defect_matrix())
