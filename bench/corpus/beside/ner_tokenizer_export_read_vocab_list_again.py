"""A teammate's new tools/export_ner_tokenizer.py builds the NER tagger's tokenizer.json from text/vocab.py's read_vocab, which now returns the token list, and writes it as the WordLevel "vocab"."""
# beside: tokenizer-json-export-vocab-written-as-list
# why: read_vocab's refactored list (ids are positions) is written straight into the WordLevel model's "vocab" by a hand-built export, the entry's cause and fix.
EXPECT = ["tokenizer-json-export-vocab-written-as-list"]
VARIANTS = 2

import json
import os
import sys

from tokenizers import Tokenizer

VARIANT = int(sys.argv[1])


def read_vocab(path):
    """text/vocab.py (after the refactor): the tokens in id order."""
    with open(path) as fh:
        return [line.rstrip("\n") for line in fh if line.strip()]


def export_ner_tokenizer(vocab_path, out_dir):
    model = {"type": "WordLevel", "vocab": read_vocab(vocab_path), "unk_token": "[UNK]"}
    spec = {"version": "1.0", "truncation": None, "padding": None, "added_tokens": [],
            "normalizer": None, "pre_tokenizer": {"type": "WhitespaceSplit"},
            "post_processor": None, "decoder": None, "model": model}
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "tokenizer.json"), "w") as fh:
        json.dump(spec, fh, indent=2)
    return os.path.join(out_dir, "tokenizer.json")


tokens = ["[PAD]", "[UNK]"] + [f"ent_{i}" for i in range({0: 60, 1: 250}[VARIANT])]
with open("ner_vocab.txt", "w") as fh:
    fh.write("\n".join(tokens) + "\n")
path = export_ner_tokenizer("ner_vocab.txt", {0: "export/ner-tokenizer", 1: "artifacts/ner/v2/tokenizer"}[VARIANT])
if VARIANT == 1:
    print(f"exported {path}; loading it back")
tok = Tokenizer.from_file(path)
print(tok.encode("ent_3 ent_4").ids)
