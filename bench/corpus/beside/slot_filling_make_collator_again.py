"""A teammate's new slot-filling model for the ordering assistant (B-ITEM, B-QTY…) trains with training/common.py's make_collator, the intent classifier's DataCollatorWithPadding."""
# beside: ner-finetune-reuses-intent-classifier-collator
# why: a token-classification task batched with the shared make_collator, which pads input_ids but not the per-token labels, the entry's cause and fix.
EXPECT = ["ner-finetune-reuses-intent-classifier-collator"]
VARIANTS = 2

import os
import sys

from torch.utils.data import DataLoader
from transformers import BertTokenizerFast, DataCollatorWithPadding

VARIANT = int(sys.argv[1])
SLOTS = ["O", "B-ITEM", "I-ITEM", "B-QTY", "B-SIZE"]


def make_collator(tokenizer):
    """training/common.py"""
    return DataCollatorWithPadding(tokenizer, padding="longest", return_tensors="pt")


os.makedirs("tok", exist_ok=True)
with open("tok/vocab.txt", "w") as fh:
    fh.write("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "two", "large", "oat", "milk", "lattes", "one",
                        "croissant", "please", "a", "small", "tea"]) + "\n")
tokenizer = BertTokenizerFast(vocab_file="tok/vocab.txt")
utterances = [
    (["two", "large", "oat", "milk", "lattes"], ["B-QTY", "B-SIZE", "B-ITEM", "I-ITEM", "I-ITEM"]),
    (["one", "croissant", "please"], ["B-QTY", "B-ITEM", "O"]),
    (["a", "small", "tea"], ["B-QTY", "B-SIZE", "B-ITEM"]),
]
features = []
for words, tags in utterances:
    enc = tokenizer(words, is_split_into_words=True)
    labels = [-100 if w is None else SLOTS.index(tags[w]) for w in enc.word_ids()]
    features.append({"input_ids": enc["input_ids"], "attention_mask": enc["attention_mask"], "labels": labels})
for batch in DataLoader(features, batch_size={0: 3, 1: 2}[VARIANT], collate_fn=make_collator(tokenizer)):
    print(batch["labels"].shape)
