"""Raw documents tokenized again in Dataset.__getitem__ on every read (or per request): the loader, not the model, sets the step time; the user's throughput check fails."""
EXPECT = ["tokenization-bottleneck"]
VARIANTS = 3

import random
import sys
import time

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset
from transformers import BertTokenizer

v = int(sys.argv[1])
random.seed(v)
words = [f"w{i}" for i in range(5000)]
open("vocab.txt", "w").write("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] + words))
tokenizer = BertTokenizer("vocab.txt")
docs = [" ".join(random.choices(words, k=[6000, 7000, 8000][v])) for _ in range(256)]   # full filings


class Filings(Dataset):
    def __len__(self):
        return len(docs)

    def __getitem__(self, i):
        enc = tokenizer(docs[i], truncation=True, max_length=128, padding="max_length", return_tensors="pt")
        return enc["input_ids"][0], i % 3


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(len(words) + 5, 32)
        self.encoder = nn.TransformerEncoderLayer(32, 2, 64, batch_first=True)
        self.head = nn.Linear(32, 3)

    def forward(self, ids):
        return self.head(self.encoder(self.embed(ids)).mean(1))


model = Classifier()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
if v == 2:
    t0 = time.perf_counter()
    ids = tokenizer(docs[0], truncation=True, max_length=128, return_tensors="pt")["input_ids"]
    t1 = time.perf_counter()
    with torch.inference_mode():
        label = model(ids).argmax(1).item()
    t2 = time.perf_counter()
    share = (t1 - t0) / (t2 - t0)
    print(f"request: tokenize {1000 * (t1 - t0):.1f} ms, model {1000 * (t2 - t1):.1f} ms -> label {label}")
    assert share < 0.5, f"{share:.0%} of request latency is spent before model.forward"
loader = DataLoader(Filings(), batch_size=32, shuffle=True, num_workers=[0, 2, 0][v])
load_time = step_time = 0.0
t0 = time.perf_counter()
for step, (x, y) in enumerate(loader):
    t1 = time.perf_counter()
    loss = nn.functional.cross_entropy(model(x), torch.as_tensor(y))
    opt.zero_grad(); loss.backward(); opt.step()
    t2 = time.perf_counter()
    load_time, step_time = load_time + t1 - t0, step_time + t2 - t1
    print(f"step {step}: data {1000 * (t1 - t0):.0f} ms, compute {1000 * (t2 - t1):.0f} ms")
    t0 = time.perf_counter()
assert load_time < step_time, f"waiting for data {load_time:.2f} s vs {step_time:.2f} s of compute per epoch: input-bound"
