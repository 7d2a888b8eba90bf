"""Raw documents stored in the dataset and tokenized in __getitem__, one string at a time, on every
read of every epoch."""

import random

import torch
from tokenizers import Tokenizer, models, pre_tokenizers
from torch.utils.data import DataLoader, Dataset
from transformers import PreTrainedTokenizerFast

WORDS = [f"w{i}" for i in range(500)]
core = Tokenizer(models.WordLevel({"[PAD]": 0, "[UNK]": 1, **{w: i + 2 for i, w in enumerate(WORDS)}}, unk_token="[UNK]"))
core.pre_tokenizer = pre_tokenizers.Whitespace()
tokenizer = PreTrainedTokenizerFast(tokenizer_object=core, pad_token="[PAD]", unk_token="[UNK]")


def documents(n=200, length=1500):
    rng = random.Random(0)
    return [" ".join(rng.choices(WORDS, k=length)) for _ in range(n)]


class TextDataset(Dataset):
    def __init__(self):
        self.texts = documents()

    def __len__(self):
        return len(self.texts)

    def __getitem__(self, i):
        ids = tokenizer(self.texts[i], truncation=True, max_length=512)["input_ids"]
        return torch.tensor(ids)


dataset = TextDataset()
loader = DataLoader(dataset, batch_size=8, collate_fn=lambda b: torch.nn.utils.rnn.pad_sequence(b, batch_first=True))
