"""DataLoader over a streaming IterableDataset (JSONL shards) still given shuffle=True, a sampler or a batch_sampler from the map-style version: ValueError: DataLoader with IterableDataset: expected unspecified shuffle option, but got shuffle=True."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys
from pathlib import Path

import torch
from torch.utils.data import BatchSampler, DataLoader, IterableDataset, RandomSampler, SequentialSampler

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)


def write_click_shards(folder, n_shards=3, rows=40):
    Path(folder).mkdir(exist_ok=True)
    for s in range(n_shards):
        with open(Path(folder, f"clicks-{s:03d}.jsonl"), "w") as f:
            for i in range(rows):
                f.write(json.dumps({"user": s * rows + i, "item": (i * 7) % 50, "clicked": int(i % 3 == 0)}) + "\n")
    return sorted(Path(folder).glob("*.jsonl"))


class ClickStream(IterableDataset):
    def __init__(self, shards):
        self.shards = shards

    def __iter__(self):
        for shard in self.shards:
            with open(shard) as f:
                for line in f:
                    row = json.loads(line)
                    yield torch.tensor([row["user"], row["item"]]), torch.tensor(float(row["clicked"]))


def make_train_loader(shards, batch_size=32):
    return DataLoader(ClickStream(shards), batch_size=batch_size, shuffle=True, num_workers=0)


def make_eval_loader(shards, n_rows):
    sampler = RandomSampler(range(n_rows), num_samples=min(64, n_rows))
    return DataLoader(ClickStream(shards), batch_size=16, sampler=sampler)


def train_epoch(loader, log):
    model = torch.nn.Sequential(torch.nn.Linear(2, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step, (x, y) in enumerate(loader):
        loss = torch.nn.functional.binary_cross_entropy_with_logits(model(x.float()).squeeze(1), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 2 == 0:
            log.info("step %d loss %.4f", step, loss.item())


if V == 0:
    shards = write_click_shards("clicks")
    for x, y in make_train_loader(shards):
        print(x.shape, y.mean())
        break
elif V == 1:
    shards = write_click_shards("clicks_eval", n_shards=2)
    print("eval sample:", sum(len(y) for _, y in make_eval_loader(shards, n_rows=80)))
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("ctr.train")
    shards = write_click_shards("clicks_train", n_shards=2)
    batches = BatchSampler(SequentialSampler(range(80)), batch_size=20, drop_last=True)
    log.info("building loader over %d shards", len(shards))
    train_epoch(DataLoader(ClickStream(shards), batch_sampler=batches), log)
