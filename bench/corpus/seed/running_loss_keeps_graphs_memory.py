"""Evaluation tensors kept with their autograd graphs (val_loss += loss, logits appended, features exported) outside no_grad: memory grows every batch; the memory watchdog fails the run."""
EXPECT = ["gpu-memory-grows-references-held"]
VARIANTS = 3

import sys

import psutil
import torch
import torch.nn as nn

v = int(sys.argv[1])
torch.manual_seed(v)
proc = psutil.Process()
model = nn.Sequential(nn.Linear(512, 2048), nn.GELU(), nn.Linear(2048, 2048), nn.GELU(), nn.Linear(2048, 10))
batch = [256, 192, 256][v]


def rss_mb():
    return proc.memory_info().rss / 2**20


def validate(loader_len=60):
    model.eval()
    val_loss, all_logits, feats = 0.0, [], []
    start = None
    for step in range(loader_len):
        x, y = torch.randn(batch, 512), torch.randint(0, 10, (batch,))
        if v == 2:                                        # embedding export for the retrieval index
            feats.append(model[:4](x))
        else:
            logits = model(x)
            loss = nn.functional.cross_entropy(logits, y)
            if v == 0:
                val_loss += loss                          # averaged at the end
            else:
                all_logits.append(logits)                 # for the confusion matrix
        if step == 5:
            start = rss_mb()
        if step % 10 == 9:
            print(f"val batch {step + 1}/{loader_len}: rss {rss_mb():.0f} MiB")
            grown = rss_mb() - start
            assert grown < 250, f"host memory grew {grown:.0f} MiB since batch 6 ({rss_mb():.0f} MiB now) during validation"
    return val_loss / loader_len


print("epoch 0 done, validating")
print("val_loss", validate())
