"""The fine-tuning CLI passes pad_token=args.pad_token to from_pretrained so it can be overridden; its default None erases the pad token the saved tokenizer has."""
# beside: inhouse-tokenizer-export-drops-pad-token
# why: the saved tokenizer (written by save_pretrained) declares [PAD]; the loader's pad_token=None keyword from an unset CLI flag removes it, no export step dropped anything.
EXPECT = []
VARIANTS = 2

import argparse
import sys

from tokenizers import Tokenizer, models, pre_tokenizers
from transformers import AutoTokenizer, PreTrainedTokenizerFast

VARIANT = int(sys.argv[1])


def export_tokenizer(out_dir):
    words = "[PAD] [UNK] [CLS] [SEP] where is my order refund cancel delivery late damaged item".split()
    tok = Tokenizer(models.WordLevel({w: i for i, w in enumerate(words)}, unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="[UNK]", pad_token="[PAD]", cls_token="[CLS]", sep_token="[SEP]")
    fast.save_pretrained(out_dir)


def parse_args(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--tokenizer", default="export/tokenizer")
    parser.add_argument("--pad-token", default=None, help="override the tokenizer's pad token")
    parser.add_argument("--max-length", type=int, default=16)
    return parser.parse_args(argv)


def load_tokenizer(args):
    return AutoTokenizer.from_pretrained(args.tokenizer, pad_token=args.pad_token)


def main():
    argv = {0: [], 1: ["--tokenizer", "artifacts/intent-tok", "--max-length", "12"]}[VARIANT]
    args = parse_args(argv)
    export_tokenizer(args.tokenizer)
    tok = load_tokenizer(args)
    texts = ["where is my order", "refund damaged item", "cancel"]
    if VARIANT == 1:
        print(f"loaded {args.tokenizer}: vocab {tok.vocab_size}")
        tok(texts, padding="max_length", max_length=args.max_length, truncation=True, return_tensors="np")
    else:
        tok(texts, padding=True)


if __name__ == "__main__":
    main()
