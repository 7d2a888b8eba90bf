"""Documents tokenized once, in one batched call, when the dataset is built; __getitem__ is a lookup."""

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
        self.ids = [torch.tensor(ids) for ids in tokenizer(documents(), truncation=True, max_length=512)["input_ids"]]

    def __len__(self):
        return len(self.ids)

    def __getitem__(self, i):
        return self.ids[i]


dataset = TextDataset()
loader = DataLoader(dataset, batch_size=8, collate_fn=lambda b: torch.nn.utils.rnn.pad_sequence(b, batch_first=True))
