"""HF tokenizer asked for return_tensors="pt" on texts of different lengths without padding=True: Unable to create tensor, you should probably activate truncation and/or padding."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from tokenizers import Tokenizer, models, pre_tokenizers
from torch.utils.data import DataLoader
from transformers import PreTrainedTokenizerFast

variant = int(sys.argv[1])
WORDS = "[PAD] [UNK] the movie was great bad not good plot acting boring loved it".split()


def build_tokenizer():
    core = Tokenizer(models.WordLevel({w: i for i, w in enumerate(WORDS)}, unk_token="[UNK]"))
    core.pre_tokenizer = pre_tokenizers.Whitespace()
    return PreTrainedTokenizerFast(tokenizer_object=core, unk_token="[UNK]", pad_token="[PAD]")


tokenizer = build_tokenizer()
reviews = ["the movie was great", "boring plot", "loved it", "not good acting not good plot", "bad"] * 4
labels = [1, 0, 1, 0, 0] * 4


def collate(batch):
    texts, ys = zip(*batch)
    enc = tokenizer(list(texts), return_tensors="pt")
    return enc, torch.tensor(ys)


if variant == 0:
    enc = tokenizer(reviews, return_tensors="pt")
    print(enc["input_ids"].shape)
elif variant == 1:
    loader = DataLoader(list(zip(reviews, labels)), batch_size=4, collate_fn=collate, num_workers=2)
    for step, (enc, y) in enumerate(loader):
        print(f"step {step} ids {tuple(enc['input_ids'].shape)}")
else:
    enc = tokenizer(reviews, truncation=True, max_length=4, return_tensors="pt")
    print(enc["input_ids"].shape)
