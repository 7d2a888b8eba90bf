"""Reviews CSV has empty review_text cells (NaN); the fast tokenizer rejects the batch."""
EXPECT = ["review-text-nan-cells-fast-tokenizer-batch"]
VARIANTS = 4

import logging
import sys

import numpy as np
import pandas as pd
from tokenizers import Tokenizer, models, pre_tokenizers
from transformers import PreTrainedTokenizerFast

VARIANT = int(sys.argv[1])
WORDS = ["great", "bad", "product", "slow", "delivery", "love", "it", "broken", "on", "arrival", "would", "buy", "again"]


def build_tokenizer():
    vocab = {"[PAD]": 0, "[UNK]": 1, "[CLS]": 2, "[SEP]": 3}
    vocab.update({w: i + 4 for i, w in enumerate(WORDS)})
    tok = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    return PreTrainedTokenizerFast(tokenizer_object=tok, pad_token="[PAD]", unk_token="[UNK]", cls_token="[CLS]", sep_token="[SEP]")


def write_reviews(path, n, rng, empty_frac):
    text = [" ".join(rng.choice(WORDS, rng.integers(2, 9))) for _ in range(n)]
    df = pd.DataFrame({"review_id": np.arange(n), "review_text": text, "stars": rng.integers(1, 6, n)})
    df.loc[rng.random(n) < empty_frac, "review_text"] = ""  # star-only reviews
    df.to_csv(path, index=False)


def encode_reviews(tokenizer, df, batch_size, max_length):
    batches = []
    for start in range(0, len(df), batch_size):
        texts = df["review_text"].iloc[start : start + batch_size].tolist()
        batches.append(tokenizer(texts, padding=True, truncation=True, max_length=max_length, return_tensors="pt"))
    return batches


def main():
    rng = np.random.default_rng(VARIANT)
    n, frac, bs, max_len = {0: (400, 0.05, 32, 64), 1: (2000, 0.01, 128, 128), 2: (300, 0.1, 16, 32), 3: (1000, 0.02, 64, 256)}[VARIANT]
    write_reviews("reviews.csv", n, rng, frac)
    df = pd.read_csv("reviews.csv")
    tokenizer = build_tokenizer()
    if VARIANT == 3:
        print(f"reviews.csv: {len(df)} rows")
        print(f"tokenizing with batch_size={bs}, max_length={max_len}")
    batches = encode_reviews(tokenizer, df, bs, max_len)
    print(len(batches))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        logging.info("preprocess: reviews.csv -> tokenized shards")
        try:
            main()
        except Exception:
            logging.exception("preprocess failed")
            sys.exit(1)
    else:
        main()
