"""tools/export_tokenizer.py writes tokenizer.json by hand from the in-house vocab; since text/vocab.py's read_vocab was refactored to return the token list (ids = positions) instead of a token->id dict, the WordLevel model's "vocab" is written as a JSON array."""
EXPECT = ["tokenizer-json-export-vocab-written-as-list"]
VARIANTS = 4

import json
import logging
import os
import sys

from tokenizers import Tokenizer

VARIANT = int(sys.argv[1])
N_TOKENS = {0: 14, 1: 40, 2: 14, 3: 25}[VARIANT]


def write_vocab_txt(path):
    words = ["[PAD]", "[UNK]", "[CLS]", "[SEP]"] + [f"intent_tok_{i}" for i in range(N_TOKENS - 4)]
    with open(path, "w") as fh:
        fh.write("\n".join(words) + "\n")


def read_vocab(path):
    """text/vocab.py: returned {token: id} until the refactor; now the list, 'ids are the positions'."""
    with open(path) as fh:
        return [line.rstrip("\n") for line in fh if line.strip()]


def export_tokenizer(vocab_path, out_dir):
    vocab = read_vocab(vocab_path)
    spec = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [],
        "normalizer": {"type": "Lowercase"},
        "pre_tokenizer": {"type": "Whitespace"},
        "post_processor": None,
        "decoder": None,
        "model": {"type": "WordLevel", "vocab": vocab, "unk_token": "[UNK]"},
    }
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "tokenizer.json"), "w") as fh:
        json.dump(spec, fh, indent=2)
    return os.path.join(out_dir, "tokenizer.json")


def load_for_serving(path):
    return Tokenizer.from_file(path)


def main():
    out_dir = {0: "export/intent-tokenizer", 1: "artifacts/intent/v7/tokenizer", 2: "export/intent-tokenizer", 3: "export/intent-tokenizer"}[VARIANT]
    write_vocab_txt("vocab.txt")
    path = export_tokenizer("vocab.txt", out_dir)
    if VARIANT == 3:
        print(f"exported {path} ({os.path.getsize(path)} bytes)")
        print("smoke test: loading exported tokenizer")
    tok = load_for_serving(path)
    print(tok.encode("book a table for two").tokens)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s intent-serving: %(message)s")
        logging.info("loading tokenizer")
        try:
            main()
        except Exception:
            logging.exception("tokenizer load failed")
            sys.exit(1)
    else:
        main()
