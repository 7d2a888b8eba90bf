"""DataLoader workers that cannot exit (a non-daemon prefetch thread, an undrained multiprocessing.Queue): every epoch end waits in _shutdown_workers; the user's epoch-time check fails."""
EXPECT = ["dataloader-workers-stuck-at-shutdown"]
VARIANTS = 3

import multiprocessing as mp
import sys
import threading
import time

import torch
from torch.utils.data import DataLoader, Dataset, get_worker_info

v = int(sys.argv[1])
stats_queue = mp.Queue() if v == 1 else None             # per-sample stats, read after training


def heartbeat():
    while True:                                           # pushes worker metrics every second
        time.sleep(1)


class ShardedTiles(Dataset):
    def __init__(self):
        self.prefetcher = None

    def __len__(self):
        return 64

    def _prefetch(self):
        while True:                                       # keeps the next remote shard warm
            time.sleep(0.5)

    def __getitem__(self, i):
        if v == 0 and self.prefetcher is None:
            self.prefetcher = threading.Thread(target=self._prefetch, name="shard-prefetch")
            self.prefetcher.start()
        if v == 1:
            stats_queue.put({"idx": i, "hist": torch.rand(4096).tolist()})
        return torch.randn(3, 32, 32), i % 4


init = (lambda wid: threading.Thread(target=heartbeat).start()) if v == 2 else None
loader = DataLoader(ShardedTiles(), batch_size=16, num_workers=2, worker_init_fn=init)
t0 = time.perf_counter()
for step, (x, y) in enumerate(loader):
    print(f"step {step}: {tuple(x.shape)}")
    last_batch = time.perf_counter()
took = time.perf_counter() - last_batch                   # the iterator shut its workers down here
print(f"epoch: {last_batch - t0:.2f} s of batches, {took:.2f} s to wind down the workers")
assert took < 1.0, f"epoch end took {took:.1f} s after the last batch (workers did not exit)"
