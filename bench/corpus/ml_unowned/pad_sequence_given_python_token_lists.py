"""pad_sequence given Python lists, numpy arrays or (ids, label) tuples instead of tensors, in a collate_fn: TypeError: expected Tensor as element 0 in argument 0, but got list."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

rng = np.random.default_rng(0)


class IntentDataset(Dataset):
    def __init__(self, n=24, as_numpy=False):
        self.ids = [list(rng.integers(5, 900, size=rng.integers(4, 20))) for _ in range(n)]
        self.labels = list(rng.integers(0, 7, size=n))
        self.as_numpy = as_numpy

    def __len__(self):
        return len(self.ids)

    def __getitem__(self, i):
        ids = np.array(self.ids[i], dtype=np.int64) if self.as_numpy else self.ids[i]
        return {"input_ids": ids, "label": int(self.labels[i])}


def pad_batch(batch, pad_id=0):
    input_ids = pad_sequence([ex["input_ids"] for ex in batch], batch_first=True, padding_value=pad_id)
    attention_mask = (input_ids != pad_id).long()
    return {"input_ids": input_ids, "attention_mask": attention_mask,
            "labels": torch.tensor([ex["label"] for ex in batch])}


class TaggedSentences(Dataset):
    def __init__(self):
        self.rows = [(torch.randint(1, 500, (int(n),)), torch.randint(0, 9, (int(n),))) for n in rng.integers(5, 15, 10)]

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        return self.rows[i]


def collate_tagged(batch):
    return pad_sequence(batch, batch_first=True, padding_value=-100)


if V == 0:
    loader = DataLoader(IntentDataset(), batch_size=8, shuffle=True, collate_fn=pad_batch)
    for step, batch in enumerate(loader):
        print(step, batch["input_ids"].shape)
elif V == 1:
    loader = DataLoader(IntentDataset(as_numpy=True), batch_size=8, collate_fn=pad_batch)
    print(f"{len(loader)} batches per epoch")
    batch = next(iter(loader))
else:
    loader = DataLoader(TaggedSentences(), batch_size=4, collate_fn=collate_tagged)
    print("ner batches:", len(loader))
    for batch in loader:
        print(batch.shape)
