"""datasets Dataset.map(batched=True) whose function returns more (or fewer) rows than it got (chunking texts into windows, tokenizing with return_overflowing_tokens, splitting sentences) while the input columns are kept (no remove_columns): pyarrow.lib.ArrowInvalid: Column 3 named input_ids expected length 1000 but got length 2171."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import logging
import random

from datasets import Dataset
from tokenizers import Tokenizer, models, pre_tokenizers
from transformers import PreTrainedTokenizerFast

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("prep")
random.seed(0)

WORDS = "[PAD] [UNK] [CLS] [SEP] data model train loss the a of to is was good bad long short day night".split()
core = Tokenizer(models.WordLevel({w: i for i, w in enumerate(WORDS)}, unk_token="[UNK]"))
core.pre_tokenizer = pre_tokenizers.Whitespace()
tok = PreTrainedTokenizerFast(tokenizer_object=core, unk_token="[UNK]", pad_token="[PAD]",
                              cls_token="[CLS]", sep_token="[SEP]")


def doc(n):
    return " ".join(random.choice(WORDS[4:]) for _ in range(n))


n_docs = [1000, 400, 300][V]
raw = Dataset.from_dict({
    "id": list(range(n_docs)),
    "text": [doc(random.randint(5, 90)) + (" . " + doc(8) if V == 2 else "") for _ in range(n_docs)],
    "label": [i % 2 for i in range(n_docs)],
})
log.info("loaded %d documents, columns %s", len(raw), raw.column_names)


def tokenize_with_windows(batch):
    return tok(batch["text"], truncation=True, max_length=32, stride=8, return_overflowing_tokens=True)


def chunk_words(batch, size=24):
    chunks = []
    for text in batch["text"]:
        words = text.split()
        chunks += [" ".join(words[i:i + size]) for i in range(0, len(words), size)]
    return {"chunk": chunks}


def split_sentences(batch):
    return {"sentence": [s.strip() for t in batch["text"] for s in t.split(" . ") if s.strip()]}


fn = [tokenize_with_windows, chunk_words, split_sentences][V]
log.info("running %s", fn.__name__)
processed = raw.map(fn, batched=True, batch_size=1000 if V == 0 else 200)
print(processed)
