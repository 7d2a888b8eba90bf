"""An unbound str method used as a key or mapper (sorted(key=str.lower), map(str.strip, ...)) meets a NaN or None among the names: descriptor 'lower' for 'str' objects doesn't apply to a 'float' object."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("products.csv", "w") as f:
    f.write("sku,category\nA1,Shoes\nA2,bags\nA3,\nA4,Hats\nA5,shoes\n")
with open("tags.json", "w") as f:
    json.dump({"image_001.jpg": [" outdoor", "dog "], "image_002.jpg": [None, "cat"], "image_003.jpg": [7, "indoor"]}, f)


def category_vocab(values):
    return sorted(set(values), key=str.lower)


if V == 0:
    cats = pd.read_csv("products.csv")["category"].tolist()
    print(f"{len(cats)} category cells")
    vocab = category_vocab(cats)
    print({c: i for i, c in enumerate(vocab)})
elif V == 1:
    with open("tags.json") as f:
        tags = json.load(f)
    for image, raw in tags.items():
        print(image, sorted(map(str.strip, raw)))
else:
    with open("tags.json") as f:
        tags = json.load(f)
    all_tags = [t for raw in tags.values() for t in raw if t is not None]
    print(list(map(str.upper, all_tags)))
