"""Exception: Truncation error: Second sequence not provided (or: Sequence to truncate too short to respect the provided max_length): a fast tokenizer asked to truncate only one side of a text pair it cannot shorten enough (only_second on single texts, only_first on a short question beside a long context, only_second on a short hypothesis)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 5       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from tokenizers import Tokenizer, models, pre_tokenizers, processors
from torch.utils.data import DataLoader
from transformers import PreTrainedTokenizerFast

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
WORDS = ("what when where who how is the a of to in for on battery warranty refund policy order late days "
         "delivery screen replace cost store returns within thirty receipt customer service hours open").split()
VOCAB = {t: i for i, t in enumerate(["[PAD]", "[UNK]", "[CLS]", "[SEP]"] + WORDS)}


def build_tokenizer():
    tk = Tokenizer(models.WordLevel(VOCAB, unk_token="[UNK]"))
    tk.pre_tokenizer = pre_tokenizers.Whitespace()
    tk.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", VOCAB["[CLS]"]), ("[SEP]", VOCAB["[SEP]"])])
    return PreTrainedTokenizerFast(tokenizer_object=tk, pad_token="[PAD]", unk_token="[UNK]",
                                   cls_token="[CLS]", sep_token="[SEP]")


tok = build_tokenizer()
MAX_LEN = [16, 12, 24, 10, 14][V]
context = " ".join(["returns within thirty days of the order with a receipt customer service hours"] * 4)


def encode_pairs(queries, passages):
    """Shared by the reranker: truncate the passage, never the query."""
    return tok(queries, passages, truncation="only_second", max_length=MAX_LEN, padding="max_length", return_tensors="pt")


if V == 0:
    docs = ["battery warranty policy " * 6, "refund when order is late " * 5]
    print(f"encoding {len(docs)} documents for the bi-encoder index")
    batch = encode_pairs(docs, None)
elif V == 1:
    questions = ["what is the refund policy", "how many days for returns"]
    print(f"{len(questions)} questions, context of {len(context.split())} words")
    enc = tok(questions, [context] * len(questions), truncation="only_first", max_length=MAX_LEN)
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("nli")
    premises = [context, "the store is open when the customer service hours are"]
    hypotheses = ["returns within thirty days", "store open"]
    log.info("tokenizing %d premise/hypothesis pairs, max_length=%d", len(premises), MAX_LEN)
    enc = tok(premises, hypotheses, truncation="only_second", max_length=MAX_LEN)
    log.info("lengths %s", [len(x) for x in enc["input_ids"]])
elif V == 3:
    queries = ["refund policy", "screen replace cost", "store hours"]
    passages = ["refund within thirty days " * 3, "screen replace cost is " * 4, "open hours " * 5]
    batch = encode_pairs(queries, passages)
    print("pairs", tuple(batch["input_ids"].shape))
    print("encoding the passages alone for the first-stage retriever")
    single = encode_pairs(passages, None)
else:
    class Collate:
        def __call__(self, rows):
            q = [r["question"] for r in rows]
            c = [r["context"] for r in rows]
            enc = tok(q, c, truncation="only_first", max_length=MAX_LEN, padding=True, return_tensors="pt")
            enc["labels"] = torch.tensor([r["label"] for r in rows])
            return enc

    rows = [{"question": "where is the store", "context": context, "label": i % 2} for i in range(8)]
    loader = DataLoader(rows, batch_size=4, collate_fn=Collate(), num_workers=2)
    for step, batch in enumerate(loader):
        print(step, tuple(batch["input_ids"].shape))
