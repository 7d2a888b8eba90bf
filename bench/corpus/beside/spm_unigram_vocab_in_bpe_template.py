"""A notebook converts the support-bot's sentencepiece model to tokenizer.json from a copied BPE template: it keeps "type": "BPE" but fills "vocab" with sentencepiece's [piece, score] list, which is a Unigram model's layout."""
# beside: tokenizer-json-export-vocab-written-as-list
# why: the list is a Unigram [piece, score] vocab pasted under a BPE model type from a copied template, not export_tokenizer writing read_vocab's refactored token list.
EXPECT = []
VARIANTS = 2

import json
import math
import sys

from tokenizers import Tokenizer

VARIANT = int(sys.argv[1])

TEMPLATE = {
    "version": "1.0",
    "truncation": None,
    "padding": None,
    "added_tokens": [],
    "normalizer": None,
    "pre_tokenizer": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always"},
    "post_processor": None,
    "decoder": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always"},
    "model": {"type": "BPE", "dropout": None, "unk_token": "<unk>", "vocab": {}, "merges": []},
}


def spm_pieces(n):
    """What `spm_export_vocab` printed: piece<TAB>log-prob, one a line."""
    pieces = ["<unk>", "<s>", "</s>", "\u2581the", "\u2581order", "\u2581refund", "\u2581my"][:n] + [f"\u2581w{i}" for i in range(n - 7)]
    return [[p, round(-math.log(i + 2), 4)] for i, p in enumerate(pieces)]


spec = json.loads(json.dumps(TEMPLATE))
spec["model"]["vocab"] = spm_pieces({0: 5, 1: 30}[VARIANT])
with open("support_bot_tokenizer.json", "w") as fh:
    json.dump(spec, fh, indent=1)
if VARIANT == 1:
    print("converted sentencepiece model -> support_bot_tokenizer.json")
Tokenizer.from_file("support_bot_tokenizer.json")
