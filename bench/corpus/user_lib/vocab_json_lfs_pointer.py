"""The tokenizer's vocab.json is tracked with Git LFS; on a checkout without `git lfs pull` it is the pointer text, not JSON."""
EXPECT = ["tokenizer-vocab-json-git-lfs-pointer"]
VARIANTS = 4

import json
import logging
import os
import sys

VARIANT = int(sys.argv[1])

POINTER = "version https://git-lfs.github.com/spec/v1\noid sha256:{oid}\nsize {size}\n"


def checkout(path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as fh:
        fh.write(POINTER.format(oid="4d7a2146f1c0e6b9" * 4, size=871_203 + VARIANT))


def load_vocab(path):
    with open(path) as fh:
        return json.load(fh)


class WordTokenizer:
    def __init__(self, model_dir):
        self.vocab = load_vocab(os.path.join(model_dir, "vocab.json"))

    def encode(self, text):
        return [self.vocab.get(w, 0) for w in text.split()]


def main():
    model_dir = {0: "models/tokenizer", 1: "artifacts/wordpiece-v2", 2: "models/tokenizer", 3: "checkpoints/ranker-v5/tokenizer"}[VARIANT]
    checkout(os.path.join(model_dir, "vocab.json"))
    if VARIANT == 0:
        load_vocab(os.path.join(model_dir, "vocab.json"))
    elif VARIANT == 1:
        with open(os.path.join(model_dir, "vocab.json")) as fh:
            json.loads(fh.read())
    else:
        if VARIANT == 3:
            print("loading ranker-v5 ...")
            print(f"tokenizer dir: {model_dir}")
        WordTokenizer(model_dir).encode("red running shoes")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
        log = logging.getLogger("serve.tokenizer")
        log.info("loading tokenizer")
        try:
            main()
        except Exception:
            log.exception("could not load tokenizer")
            sys.exit(1)
    else:
        main()
