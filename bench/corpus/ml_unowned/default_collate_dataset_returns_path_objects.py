"""A Dataset returning a pathlib.Path, a metadata dataclass or a numpy string array next to its tensors, batched by the default collate_fn: TypeError: default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found ..."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

variant = int(sys.argv[1])


@dataclass
class SampleMeta:
    patient_id: str
    slice_idx: int


class ScanDataset(Dataset):
    def __init__(self, root, n=24):
        self.files = []
        for i in range(n):
            p = Path(root) / f"scan_{i:04d}.npy"
            np.save(p, np.random.default_rng(i).random((16, 16)).astype(np.float32))
            self.files.append(p)

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        path = self.files[i]
        image = torch.from_numpy(np.load(path)).unsqueeze(0)
        if variant == 0:
            return image, i % 2, path
        if variant == 1:
            return {"image": image, "label": i % 2, "meta": SampleMeta(f"P{i // 4:03d}", i % 4)}
        return image, np.array([f"P{i // 4:03d}"])


def run_inference(loader):
    results = []
    for step, batch in enumerate(loader):
        print(f"batch {step}")
        results.append(batch)
    return results


if __name__ == "__main__":
    Path("scans").mkdir()
    ds = ScanDataset("scans")
    loader = DataLoader(ds, batch_size=8, num_workers=[2, 0, 2][variant])
    run_inference(loader)
