"""The query-encoder repo's own export_tokenizer was changed to write the vocab 'sorted by id so the file diffs nicely' as sorted(vocab.items(), key=...), a list of [token, id] pairs where tokenizers expects a token -> id map."""
# beside: tokenizer-json-export-vocab-written-as-list
# why: the token -> id dict is turned into [token, id] pairs by a sort-for-diffs change in another repo's export_tokenizer; read_vocab still returns a dict here.
EXPECT = []
VARIANTS = 2

import json
import os
import sys

from tokenizers import Tokenizer

VARIANT = int(sys.argv[1])


def read_vocab(path):
    with open(path) as fh:
        return {line.rstrip("\n"): i for i, line in enumerate(fh) if line.strip()}


def export_tokenizer(vocab_path, out_dir):
    vocab = read_vocab(vocab_path)
    spec = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [],
        "normalizer": {"type": "Lowercase"},
        "pre_tokenizer": {"type": "Whitespace"},
        "model": {"type": "WordLevel", "unk_token": "[UNK]", "vocab": sorted(vocab.items(), key=lambda kv: kv[1])},
    }
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "tokenizer.json")
    with open(path, "w") as fh:
        json.dump(spec, fh, indent=2)
    return path


words = ["[PAD]", "[UNK]", "red", "dress"] + [f"q{i}" for i in range({0: 0, 1: 22}[VARIANT])]  # smoke-test vocab in CI
with open("query_vocab.txt", "w") as fh:
    fh.write("\n".join(words) + "\n")
path = export_tokenizer("query_vocab.txt", {0: "export/query-tokenizer", 1: "artifacts/query-encoder/tokenizer"}[VARIANT])
if VARIANT == 1:
    print(f"wrote {path}")
Tokenizer.from_file(path)
