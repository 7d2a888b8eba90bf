"""The training script saves the label encoder's classes to label_map.json for serving; the labels are integer product-category ids, so the classes are numpy int64."""
# beside: eval-report-numpy-counts-not-json-serializable
# why: the int64 values are category ids from LabelEncoder.classes_ in a label map for serving, not counts added to the eval report.
EXPECT = []
VARIANTS = 2

import json
import os
import sys

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import LabelEncoder

VARIANT = int(sys.argv[1])


def train(n, categories):
    rng = np.random.default_rng(VARIANT)
    x = rng.normal(size=(n, 8))
    y_raw = rng.choice(categories, n)
    encoder = LabelEncoder().fit(y_raw)
    model = LogisticRegression(max_iter=200).fit(x, encoder.transform(y_raw))
    return model, encoder


def save_label_map(encoder, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    label_map = {"index_to_category": list(encoder.classes_), "n_classes": len(encoder.classes_)}
    with open(os.path.join(out_dir, "label_map.json"), "w") as fh:
        json.dump(label_map, fh)


def main():
    categories = {0: [1104, 1108, 2210, 3051], 1: [17, 23, 42, 56, 71, 88]}[VARIANT]
    model, encoder = train({0: 600, 1: 2000}[VARIANT], categories)
    if VARIANT == 1:
        print(f"train accuracy: {model.score(np.zeros((1, 8)), [0]):.2f}")
        print("saving artifacts to artifacts/category-clf")
    save_label_map(encoder, {0: "model_out", 1: "artifacts/category-clf"}[VARIANT])


if __name__ == "__main__":
    main()
