"""DataCollatorForLanguageModeling (mlm=True by default) built with a tokenizer that has no mask token (a WordLevel/BPE tokenizer trained in-house): This tokenizer does not have a mask token which is necessary for masked language modeling."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

from tokenizers import Tokenizer, models, pre_tokenizers, trainers
from torch.utils.data import DataLoader
from transformers import DataCollatorForLanguageModeling, PreTrainedTokenizerFast

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("pretrain_mlm")
CORPUS = [f"order {i} shipped to warehouse {i % 7} with {i % 5} items" for i in range(200)]


def train_tokenizer(texts, kind):
    if kind == "wordlevel":
        tok = Tokenizer(models.WordLevel(unk_token="[UNK]"))
        trainer = trainers.WordLevelTrainer(special_tokens=["[UNK]", "[PAD]", "[CLS]", "[SEP]"])
    else:
        tok = Tokenizer(models.BPE(unk_token="[UNK]"))
        trainer = trainers.BpeTrainer(vocab_size=120, special_tokens=["[UNK]", "[PAD]", "[CLS]", "[SEP]"])
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.train_from_iterator(texts, trainer)
    return tok


def wrap(tok, save_dir=None):
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="[UNK]", pad_token="[PAD]", cls_token="[CLS]", sep_token="[SEP]")
    if save_dir:
        fast.save_pretrained(save_dir)
        fast = PreTrainedTokenizerFast.from_pretrained(save_dir)
    return fast


def build_loader(tokenizer, batch_size=16):
    encoded = [tokenizer(t, truncation=True, max_length=16) for t in CORPUS]
    collator = DataCollatorForLanguageModeling(tokenizer=tokenizer, mlm_probability=0.15)
    return DataLoader(encoded, batch_size=batch_size, shuffle=True, collate_fn=collator)


kind = ["wordlevel", "bpe", "wordlevel"][variant]
log.info("training %s tokenizer on %d lines", kind, len(CORPUS))
tokenizer = wrap(train_tokenizer(CORPUS, kind), save_dir="tokenizer" if variant == 2 else None)
log.info("vocab size %d, special tokens %s", len(tokenizer), tokenizer.all_special_tokens)
loader = build_loader(tokenizer, batch_size=[16, 32, 8][variant])
batch = next(iter(loader))
log.info("masked batch %s", tuple(batch["input_ids"].shape))
