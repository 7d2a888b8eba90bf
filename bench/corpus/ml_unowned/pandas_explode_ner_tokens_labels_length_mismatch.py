"""Flattening a token-classification (NER) dataset with DataFrame.explode over the token and tag columns when one row's tokens were re-split and no longer line up with its tags: ValueError: columns must have matching element counts."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys

import pandas as pd

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s - %(message)s")
log = logging.getLogger("ner-data")

ROWS = [
    {"id": "d1", "text": "Angela Merkel visited Paris", "tags": ["B-PER", "I-PER", "O", "B-LOC"]},
    {"id": "d2", "text": "Apple opened a store in Berlin", "tags": ["B-ORG", "O", "O", "O", "O", "B-LOC"]},
    {"id": "d3", "text": "The U.S.-based fund sold shares", "tags": ["O", "B-LOC", "O", "O", "O"]},
    {"id": "d4", "text": "Rain expected in New York", "tags": ["O", "O", "O", "B-LOC", "I-LOC"]},
]


def tokenize(text):
    return text.replace("-", " - ").split()


def to_token_frame(df, columns):
    flat = df.explode(columns, ignore_index=True)
    flat["position"] = flat.groupby("id").cumcount()
    return flat


def build_dataset(path, with_offsets=False):
    df = pd.read_json(path, lines=True)
    df["tokens"] = df["text"].map(tokenize)
    cols = ["tokens", "tags"]
    if with_offsets:
        df["offsets"] = df["text"].map(lambda t: [i for i, c in enumerate(" " + t) if c == " "])
        cols.append("offsets")
    log.info("loaded %d sentences from %s", len(df), path)
    return to_token_frame(df, cols)


with open("train.jsonl", "w") as f:
    for row in ROWS[: [4, 3, 4][variant]]:
        f.write(json.dumps(row) + "\n")

if variant == 0:
    df = pd.read_json("train.jsonl", lines=True)
    df["tokens"] = df["text"].str.split()
    df.loc[2, "tokens"] = tokenize(df.loc[2, "text"])
    print(df.explode(["tokens", "tags"]).head())
elif variant == 1:
    tokens = build_dataset("train.jsonl")
    log.info("%d tokens", len(tokens))
else:
    tokens = build_dataset("train.jsonl", with_offsets=True)
    print(tokens.tags.value_counts())
