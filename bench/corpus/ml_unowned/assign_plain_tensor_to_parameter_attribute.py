"""Assigning a plain tensor to a module's parameter attribute (magnitude pruning weight = weight * mask, loading numpy vectors into emb.weight, hand-rolled weight normalisation in forward): TypeError: cannot assign 'torch.FloatTensor' as parameter 'weight' (torch.nn.Parameter or None expected)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import torch
from torch import nn

variant = int(sys.argv[1])
torch.manual_seed(0)
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("prune")


def magnitude_prune_(model, amount):
    for name, module in model.named_modules():
        if isinstance(module, nn.Linear):
            w = module.weight
            threshold = w.abs().flatten().kthvalue(int(amount * w.numel())).values
            module.weight = w * (w.abs() > threshold)
            log.info("pruned %s at |w| <= %.4f", name, threshold.item())


def load_glove(vocab, dim):
    rng = np.random.default_rng(0)
    return np.stack([rng.normal(size=dim).astype(np.float32) for _ in vocab])


class NormedClassifier(nn.Module):
    """Cosine classifier: rows of the weight matrix are kept at unit norm."""

    def __init__(self, d, n_classes):
        super().__init__()
        self.fc = nn.Linear(d, n_classes, bias=False)

    def forward(self, x):
        self.fc.weight = self.fc.weight / self.fc.weight.norm(dim=1, keepdim=True)
        return self.fc(nn.functional.normalize(x, dim=1))


if variant == 0:
    model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10))
    for epoch in range(2):
        log.info("epoch %d val_acc %.3f", epoch, 0.61 + 0.05 * epoch)
    magnitude_prune_(model, amount=0.5)
elif variant == 1:
    vocab = ["<pad>", "<unk>"] + [f"w{i}" for i in range(300)]
    emb = nn.Embedding(len(vocab), 50, padding_idx=0)
    emb.weight = torch.from_numpy(load_glove(vocab, 50))
else:
    head = NormedClassifier(32, 6)
    print(head(torch.randn(4, 32)).shape)
