"""Dataset returning dicts whose keys differ between samples (no 'boxes' for images without objects, 'token_type_ids' only for sentence pairs, a 'mask' only where one was annotated), batched by the default collate_fn, which takes the keys from the first sample: KeyError: 'boxes'."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import logging

import torch
from torch.utils.data import DataLoader, Dataset

logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
log = logging.getLogger("data")
torch.manual_seed(0)


class DetectionSet(Dataset):
    """Fixed-size crops; each annotated crop has exactly one box."""

    def __init__(self, n=40):
        self.has_object = [i % 9 != 5 for i in range(n)]  # some crops are background only

    def __len__(self):
        return len(self.has_object)

    def __getitem__(self, i):
        sample = {"image": torch.rand(3, 64, 64), "image_id": i}
        if self.has_object[i]:
            sample["boxes"] = torch.tensor([[4.0, 6.0, 40.0, 52.0]])
            sample["labels"] = torch.tensor([1 + i % 3])
        return sample


class NLIPairs(Dataset):
    """Premise/hypothesis pairs; single-sentence examples skip the segment ids."""

    def __init__(self, n=48):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        ids = torch.randint(5, 100, (16,))
        sample = {"input_ids": ids, "attention_mask": torch.ones(16, dtype=torch.long), "label": i % 3}
        if i % 4 != 3:
            sample["token_type_ids"] = (torch.arange(16) >= 8).long()
        return sample


class SegSet(Dataset):
    def __len__(self):
        return 30

    def __getitem__(self, i):
        sample = {"image": torch.rand(1, 32, 32), "label": i % 2}
        if i < 20:  # only the first annotation batch has masks
            sample["mask"] = (torch.rand(32, 32) > 0.5).long()
        return sample


if V == 0:
    ds, bs, workers = DetectionSet(), 8, 0
elif V == 1:
    ds, bs, workers = NLIPairs(), 8, 2
else:
    ds, bs, workers = SegSet(), 6, 2

loader = DataLoader(ds, batch_size=bs, shuffle=False, num_workers=workers)
log.info("%s: %d samples, %d batches, %d workers", type(ds).__name__, len(ds), len(loader), workers)
for step, batch in enumerate(loader):
    shapes = {k: tuple(v.shape) for k, v in batch.items() if torch.is_tensor(v)}
    log.info("batch %d %s", step, shapes)
