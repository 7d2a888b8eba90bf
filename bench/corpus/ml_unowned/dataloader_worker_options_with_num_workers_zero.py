"""ValueError: prefetch_factor option could only be specified in multiprocessing.let num_workers > 0 to enable multiprocessing (or: persistent_workers option needs num_workers > 0, multiprocessing_context can only be used with multi-process loading): a DataLoader config keeps its worker-only options while num_workers becomes 0 (a --debug flag, cpu_count() // 4 on a small box)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import argparse
import logging
import sys

import torch
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)


class Windows(Dataset):
    def __init__(self, n=200, length=32):
        self.series = torch.randn(n + length)
        self.length = length
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        w = self.series[i : i + self.length]
        return w[:-1], w[-1]


LOADER_DEFAULTS = {"batch_size": 32, "num_workers": 4, "prefetch_factor": 4, "persistent_workers": True}

if V == 0:
    parser = argparse.ArgumentParser()
    parser.add_argument("--debug", action="store_true")
    args = parser.parse_args(["--debug"])
    cfg = dict(LOADER_DEFAULTS)
    if args.debug:
        cfg["num_workers"] = 0          # step through __getitem__ in the debugger
        cfg["persistent_workers"] = False
    print("loader config:", cfg)
    loader = DataLoader(Windows(), shuffle=True, **cfg)
elif V == 1:
    cpu_count = 2                       # the CI runner
    num_workers = cpu_count // 4
    print(f"{cpu_count} CPUs -> num_workers={num_workers}")
    loader = DataLoader(Windows(n=120), batch_size=16, shuffle=True, num_workers=num_workers, persistent_workers=True)
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("data")
    workers = 0
    log.info("building loaders (workers=%d, spawn context for the tokenizer threads)", workers)

    def build_loader(ds, split):
        log.info("%s: %d samples", split, len(ds))
        return DataLoader(ds, batch_size=64, shuffle=split == "train", num_workers=workers, multiprocessing_context="spawn")

    train_loader = build_loader(Windows(n=256), "train")
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("datamodule")

    class DataModule:
        def __init__(self, num_workers, prefetch_factor=2, persistent_workers=False):
            self.num_workers = num_workers
            self.prefetch_factor = prefetch_factor
            self.persistent_workers = persistent_workers

        def val_dataloader(self):
            log.info("val loader: workers=%d prefetch=%s", self.num_workers, self.prefetch_factor)
            return DataLoader(Windows(n=64), batch_size=32, num_workers=self.num_workers,
                              prefetch_factor=self.prefetch_factor, persistent_workers=self.persistent_workers)

    dm = DataModule(num_workers=0)
    for x, y in dm.val_dataloader():
        log.info("val batch %s", tuple(x.shape))
for step, (x, y) in enumerate(loader):
    print(step, tuple(x.shape))
