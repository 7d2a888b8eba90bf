"""Sentence-pair tokenization (QA question/context, NLI premise/hypothesis, a cross-encoder reranker's query/candidates) where text and text_pair are not aligned one to one (one list filtered, the query passed as one string): batch length of `text`: 64 does not match batch length of `text_pair`: 61 / `text_pair` must be a list or tuple with the same length as `text`."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import logging
import random

import torch
from tokenizers import Tokenizer, models, pre_tokenizers
from torch.utils.data import DataLoader
from transformers import PreTrainedTokenizerFast

logging.basicConfig(level=logging.INFO, format="%(asctime)s - %(levelname)s - %(message)s")
log = logging.getLogger("pairs")
random.seed(0)

WORDS = ("[PAD] [UNK] [CLS] [SEP] who what where is was the a capital of france paris city river "
         "seine flows through cat sat on mat dog runs").split()


def tokenizer():
    core = Tokenizer(models.WordLevel({w: i for i, w in enumerate(WORDS)}, unk_token="[UNK]"))
    core.pre_tokenizer = pre_tokenizers.Whitespace()
    return PreTrainedTokenizerFast(tokenizer_object=core, unk_token="[UNK]", pad_token="[PAD]",
                                   cls_token="[CLS]", sep_token="[SEP]")


tok = tokenizer()
vocab = WORDS[4:]


def sentence(n):
    return " ".join(random.choice(vocab) for _ in range(n))


if V == 0:
    questions = [sentence(5) for _ in range(64)]
    contexts = [sentence(random.randint(0, 12)) for _ in range(64)]
    contexts = [c for c in contexts if c.strip()]  # drop empty contexts
    log.info("%d questions, %d contexts after cleaning", len(questions), len(contexts))
    enc = tok(questions, contexts, truncation=True, max_length=24, padding=True, return_tensors="pt")
    print(enc["input_ids"].shape)
elif V == 1:
    templates = [sentence(4) for _ in range(6)]  # hypotheses come from a few templates
    rows = [(sentence(6), templates[i % 6], i % 3) for i in range(48)]

    def collate(batch):
        premises = [p for p, _, _ in batch]
        hypotheses = list(dict.fromkeys(h for _, h, _ in batch))  # "dedupe" meant for the encode cache
        enc = tok(premises, hypotheses, padding=True, truncation=True, return_tensors="pt")
        enc["labels"] = torch.tensor([y for _, _, y in batch])
        return enc

    loader = DataLoader(rows, batch_size=16, collate_fn=collate, num_workers=2)
    for step, batch in enumerate(loader):
        log.info("step %d input_ids %s", step, tuple(batch["input_ids"].shape))
else:
    def rerank(query, candidates, top_k=3):
        log.info("reranking %d candidates for %r", len(candidates), query)
        enc = tok(candidates, query, padding=True, truncation=True, max_length=32, return_tensors="pt")
        scores = enc["input_ids"].float().mean(1)  # stand-in for the cross-encoder
        return [candidates[i] for i in scores.topk(top_k).indices]

    for q in ["what is the capital of france", "where does the seine flow"]:
        print(rerank(q, [sentence(8) for _ in range(10)]))
