"""Keyword-spotting clips stopped being cropped to 1 s; the DataLoader still uses the default collate, which cannot stack them."""
EXPECT = ["kws-variable-length-clips-default-collate"]
VARIANTS = 4

import logging
import sys

import torch
from torch.utils.data import DataLoader, Dataset

VARIANT = int(sys.argv[1])


class KeywordClips(Dataset):
    """Clips now keep their natural length (the fixed 1 s crop was removed to keep long keywords whole)."""

    def __init__(self, n, sample_rate, seed):
        g = torch.Generator().manual_seed(seed)
        self.lengths = [int(sample_rate * float(0.6 + 0.8 * torch.rand(1, generator=g))) for _ in range(n)]
        self.lengths[0] = sample_rate
        self.sample_rate = sample_rate

    def __len__(self):
        return len(self.lengths)

    def __getitem__(self, idx):
        wave = torch.randn(self.lengths[idx]) * 0.1
        return wave, idx % 12


def main():
    sample_rate, batch_size, workers = {0: (16000, 32, 0), 1: (8000, 16, 2), 2: (16000, 64, 0), 3: (22050, 8, 2)}[VARIANT]
    ds = KeywordClips(400, sample_rate, VARIANT)
    loader = DataLoader(ds, batch_size=batch_size, shuffle=False, num_workers=workers)
    model = torch.nn.Sequential(torch.nn.Conv1d(1, 8, 400, stride=160), torch.nn.AdaptiveAvgPool1d(1), torch.nn.Flatten(), torch.nn.Linear(8, 12))
    if VARIANT == 3:
        print(f"kws: {len(ds)} clips @ {sample_rate} Hz, batch_size={batch_size}, num_workers={workers}")
    for step, (waves, labels) in enumerate(loader):
        logits = model(waves.unsqueeze(1))
        loss = torch.nn.functional.cross_entropy(logits, labels)
        print(f"step {step} loss {loss.item():.3f}")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        logging.info("kws train: epoch 1/30")
        try:
            main()
        except Exception:
            logging.exception("kws train: epoch failed")
            sys.exit(1)
    else:
        main()
