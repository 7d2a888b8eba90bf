"""len(loader) over a streaming IterableDataset (a JSONL reader, a datasets IterableDataset) to size a OneCycleLR schedule or a progress display: TypeError: object of type 'JsonlStream' has no len()."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import json
import logging
import random

import torch
from torch import nn
from torch.utils.data import DataLoader, IterableDataset, get_worker_info

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("train")
torch.manual_seed(0)
random.seed(0)

with open("train.jsonl", "w") as fh:
    for i in range(300):
        fh.write(json.dumps({"x": [random.random() for _ in range(8)], "y": i % 2}) + "\n")


class JsonlStream(IterableDataset):
    """Reads shards line by line; the file is too large to index."""

    def __init__(self, path):
        self.path = path

    def __iter__(self):
        info = get_worker_info()
        wid, nw = (info.id, info.num_workers) if info else (0, 1)
        with open(self.path) as fh:
            for i, line in enumerate(fh):
                if i % nw == wid:
                    row = json.loads(line)
                    yield torch.tensor(row["x"]), row["y"]


model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
epochs = 3

if V == 2:
    from datasets import load_dataset

    stream = load_dataset("json", data_files="train.jsonl", split="train").to_iterable_dataset(num_shards=2)
    stream = stream.with_format("torch")
    loader = DataLoader(stream, batch_size=32, num_workers=2)
    log.info("streaming dataset ready: %s", stream)
else:
    loader = DataLoader(JsonlStream("train.jsonl"), batch_size=32, num_workers=2)
    log.info("reading train.jsonl with 2 workers")

if V == 0:
    scheduler = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=1e-2, epochs=epochs, steps_per_epoch=len(loader))


def train_epoch(epoch):
    for step, batch in enumerate(loader):
        x, y = (batch["x"], batch["y"]) if isinstance(batch, dict) else batch
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if V == 0:
            scheduler.step()
        if step % 4 == 0:
            log.info("epoch %d step %d/%d loss %.4f", epoch, step, len(loader), loss.item())


for epoch in range(epochs):
    train_epoch(epoch)
