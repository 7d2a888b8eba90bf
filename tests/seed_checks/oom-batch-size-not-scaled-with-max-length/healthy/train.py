"""Token batches under a budget of 2048 tokens: similar lengths together, padded to the longest."""

import torch
from torch.utils.data import DataLoader

MAX_LENGTH = 512
MAX_TOKENS = 2048  # measured once: the largest batch_size * seq_len that fits
torch.manual_seed(0)
samples = [torch.randint(1, 1000, (int(n),)) for n in torch.randint(10, MAX_LENGTH, (64,))]


def token_budget_batches(lengths, max_tokens):
    batches, batch, longest = [], [], 0
    for i in sorted(range(len(lengths)), key=lengths.__getitem__):
        longest = max(longest, lengths[i])
        if batch and (len(batch) + 1) * longest > max_tokens:
            batches.append(batch)
            batch, longest = [], lengths[i]
        batch.append(i)
    return batches + [batch] if batch else batches


def pad_to_longest(batch):
    ids = torch.zeros(len(batch), max(len(s) for s in batch), dtype=torch.long)
    for row, sample in zip(ids, batch):
        row[: len(sample)] = sample
    return {"input_ids": ids, "attention_mask": (ids != 0).long()}


batches = token_budget_batches([len(s) for s in samples], MAX_TOKENS)
loader = DataLoader(samples, batch_sampler=batches, collate_fn=pad_to_longest)
