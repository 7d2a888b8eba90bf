"""Token batches of a fixed 16 samples, each padded to max_length=512 (raised from 128 last week)."""

import torch
from torch.utils.data import DataLoader

MAX_LENGTH = 512
torch.manual_seed(0)
samples = [torch.randint(1, 1000, (int(n),)) for n in torch.randint(10, MAX_LENGTH, (64,))]


def pad_to_max_length(batch):
    ids = torch.zeros(len(batch), MAX_LENGTH, dtype=torch.long)
    for row, sample in zip(ids, batch):
        row[: len(sample)] = sample
    return {"input_ids": ids, "attention_mask": (ids != 0).long()}


loader = DataLoader(samples, batch_size=16, collate_fn=pad_to_max_length)
