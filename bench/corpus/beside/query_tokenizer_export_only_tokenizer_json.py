"""A teammate's export for the search query tokenizer writes only tokenizer.json, like the in-house export script; the training collator then pads with no pad token."""
# beside: inhouse-tokenizer-export-drops-pad-token
# why: the export saves only tokenizer.json so [PAD] is in the vocab but never declared as the pad token of the loaded tokenizer, the entry's cause and fix.
EXPECT = ["inhouse-tokenizer-export-drops-pad-token"]
VARIANTS = 3

import logging
import os
import sys

from tokenizers import Tokenizer, models, pre_tokenizers
from torch.utils.data import DataLoader
from transformers import DataCollatorWithPadding, PreTrainedTokenizerFast

VARIANT = int(sys.argv[1])
OUT = {0: "export/query-tokenizer", 1: "artifacts/query-tok-v2", 2: "export/query-tokenizer"}[VARIANT]


def export(out_dir):
    """scripts/export_query_tokenizer.py: the in-house export (tokenizer.json only)."""
    words = "[PAD] [UNK] [CLS] [SEP] cheap flights to from paris berlin rome hotel near airport tonight".split()
    tok = Tokenizer(models.WordLevel({w: i for i, w in enumerate(words)}, unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    os.makedirs(out_dir, exist_ok=True)
    tok.save(os.path.join(out_dir, "tokenizer.json"))


class QueryDataModule:
    def __init__(self, tok_dir):
        self.tokenizer = PreTrainedTokenizerFast(
            tokenizer_file=os.path.join(tok_dir, "tokenizer.json"), unk_token="[UNK]", cls_token="[CLS]", sep_token="[SEP]"
        )

    def train_loader(self, queries):
        rows = [dict(self.tokenizer(q), labels=i % 2) for i, q in enumerate(queries)]
        return DataLoader(rows, batch_size=2, collate_fn=DataCollatorWithPadding(self.tokenizer))


def main():
    export(OUT)
    dm = QueryDataModule(OUT)
    queries = ["cheap flights to paris", "hotel near airport", "rome tonight", "flights from berlin to rome"]
    for step, batch in enumerate(dm.train_loader(queries)):
        if VARIANT == 2:
            print(f"step {step}: {tuple(batch['input_ids'].shape)}")


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s query_model: %(message)s")
        logging.info("tokenizer from %s", OUT)
        try:
            main()
        except Exception:
            logging.exception("training failed")
            sys.exit(1)
    else:
        main()
