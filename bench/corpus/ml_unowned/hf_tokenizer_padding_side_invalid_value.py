EXPECT = []
VARIANTS = 3

# The tokenizer settings in the data config name the padding side in another vocabulary
# ("end", "pre", "LEFT"), and the value is set on the tokenizer when it is built.
import logging
import sys

import yaml
from tokenizers import Tokenizer, models, pre_tokenizers
from transformers import PreTrainedTokenizerFast

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

DATA_YAML = [
    "tokenizer:\n  padding_side: end\n  max_length: 16\n",
    "tokenizer:\n  padding_side: pre    # decoder-only: pad before the prompt\n  max_length: 24\n",
    "tokenizer:\n  padding_side: LEFT\n  max_length: 8\n",
][V]

TEXTS = ["reset the router and check the cable", "invoice is missing", "the app crashes at login on android"]


def build_tokenizer(cfg):
    vocab = {"<pad>": 0, "<unk>": 1}
    for w in sorted({w for t in TEXTS for w in t.split()}):
        vocab[w] = len(vocab)
    tk = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    tk.pre_tokenizer = pre_tokenizers.Whitespace()
    if V == 2:
        tok = PreTrainedTokenizerFast(tokenizer_object=tk, pad_token="<pad>", unk_token="<unk>")
        tok.padding_side = cfg["padding_side"]
        return tok
    return PreTrainedTokenizerFast(tokenizer_object=tk, pad_token="<pad>", unk_token="<unk>",
                                   padding_side=cfg["padding_side"])


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    with open("data.yaml", "w") as f:
        f.write(DATA_YAML)
    cfg = yaml.safe_load(open("data.yaml"))["tokenizer"]
    logging.info("loaded %d support tickets", len(TEXTS))
    tok = build_tokenizer(cfg)
    batch = tok(TEXTS, padding="max_length", max_length=cfg["max_length"], truncation=True)
    for ids in batch["input_ids"]:
        print(ids)


if __name__ == "__main__":
    main()
