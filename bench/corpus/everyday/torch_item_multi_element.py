"""RuntimeError/ValueError converting a multi-element tensor to a Python number (.item(), float(), int())."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)
batch = [16, 8, 4][V]
logits = torch.randn(batch, 5)
labels = torch.randint(0, 5, (batch,))


def batch_accuracy(out, y):
    return (out.argmax(dim=1) == y).float().item()


def format_metrics(out, y):
    per_sample = torch.nn.functional.cross_entropy(out, y, reduction="none")
    return f"loss={float(per_sample):.4f}"


def top_class(out):
    return int(out.argmax(dim=-1))


for step in range(3):
    print(f"step {step} ok", flush=True)
if V == 0:
    print("acc", batch_accuracy(logits, labels))
elif V == 1:
    print(format_metrics(logits, labels))
else:
    print("predicted class", top_class(logits))
