"""An inference helper tokenizes a batch of product titles with return_tensors="pt" but no padding; titles of different lengths cannot become one tensor."""
# beside: ner-finetune-reuses-intent-classifier-collator
# why: the ragged field is input_ids from a tokenizer call without padding=True in the user's inference code; there is no collator and no label list involved.
EXPECT = []
VARIANTS = 3

import logging
import os
import sys

from transformers import BertTokenizerFast

VARIANT = int(sys.argv[1])


def make_tokenizer():
    os.makedirs("models/title-encoder", exist_ok=True)
    with open("models/title-encoder/vocab.txt", "w") as fh:
        fh.write("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "red", "cotton", "shirt", "slim", "fit",
                            "men", "women", "running", "shoes", "size", "42", "blue", "jeans"]) + "\n")
    return BertTokenizerFast(vocab_file="models/title-encoder/vocab.txt")


def encode_titles(tokenizer, titles):
    return tokenizer(titles, truncation=True, max_length=32, return_tensors="pt")


titles = {0: ["red cotton shirt slim fit men", "running shoes"], 1: ["blue jeans", "women running shoes size 42"],
          2: ["red shirt", "blue shirt", "slim fit blue jeans men"]}[VARIANT]
tokenizer = make_tokenizer()
if VARIANT == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s embed-titles: %(message)s")
    logging.info("encoding %d titles", len(titles))
print(encode_titles(tokenizer, titles)["input_ids"].shape)
