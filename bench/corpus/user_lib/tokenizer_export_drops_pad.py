"""The in-house export script saves only tokenizer.json; the pad token lives in special_tokens_map.json, which it skips."""
EXPECT = ["inhouse-tokenizer-export-drops-pad-token"]
VARIANTS = 3

import os
import sys

from tokenizers import Tokenizer, models, pre_tokenizers
from transformers import PreTrainedTokenizerFast

VARIANT = int(sys.argv[1])


def train_and_export(out_dir):
    words = "[PAD] [UNK] the red blue running shoes for men women kids size".split()
    tok = Tokenizer(models.WordLevel({w: i for i, w in enumerate(words)}, unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    os.makedirs(out_dir, exist_ok=True)
    tok.save(os.path.join(out_dir, "tokenizer.json"))  # special_tokens_map.json is never written


def load(out_dir):
    return PreTrainedTokenizerFast(tokenizer_file=os.path.join(out_dir, "tokenizer.json"), unk_token="[UNK]")


def main():
    out_dir = {0: "export/tokenizer", 1: "artifacts/tok-v3", 2: "export/tokenizer"}[VARIANT]
    train_and_export(out_dir)
    tok = load(out_dir)
    texts = ["red running shoes", "shoes for kids size", "blue"]
    if VARIANT == 2:
        print(f"vocab size {tok.vocab_size}")
        for t in texts:
            print(tok.tokenize(t))
        tok(texts, padding="max_length", max_length=8, return_tensors="np")
    else:
        tok(texts, padding=True)


if __name__ == "__main__":
    main()
