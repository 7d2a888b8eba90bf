"""A BPE tokenizer is trained in the same script on support tickets (with [PAD] among its special tokens) and wrapped with PreTrainedTokenizerFast without naming the pad token."""
# beside: inhouse-tokenizer-export-drops-pad-token
# why: nothing is exported or loaded; the wrapper around an in-memory trained tokenizer was never told which special token pads.
EXPECT = []
VARIANTS = 2

import logging
import sys

import torch
from tokenizers import Tokenizer, models, pre_tokenizers, trainers
from torch.utils.data import DataLoader
from transformers import DataCollatorWithPadding, PreTrainedTokenizerFast

VARIANT = int(sys.argv[1])

TICKETS = [
    "my parcel arrived damaged please send a replacement",
    "the invoice shows the wrong billing address",
    "how do i reset my password",
    "refund not received after two weeks",
    "cannot log in on the mobile app",
    "order delayed again, where is it",
] * 20


def train_tokenizer():
    tok = Tokenizer(models.BPE(unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    trainer = trainers.BpeTrainer(vocab_size=300, special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]"])
    tok.train_from_iterator(TICKETS, trainer)
    return PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="[UNK]")


def main():
    tokenizer = train_tokenizer()
    logging.info("trained BPE tokenizer, vocab %d", tokenizer.vocab_size)
    features = [tokenizer(t) for t in TICKETS[:12]]
    for f, label in zip(features, range(12)):
        f["labels"] = label % 3
    collate = DataCollatorWithPadding(tokenizer)
    for batch in DataLoader(features, batch_size=4, collate_fn=collate):
        print(batch["input_ids"].shape, torch.bincount(batch["labels"]))


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s tickets: %(message)s")
    main()
