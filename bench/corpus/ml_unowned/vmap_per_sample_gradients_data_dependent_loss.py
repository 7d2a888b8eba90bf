"""Per-sample gradients with torch.func (vmap over grad, for DP-SGD clipping or influence scores) through a loss that calls .item(), branches on a tensor value, or indexes with a boolean mask: vmap: It looks like you're either (1) calling .item() on a Tensor or (2) attempting to use a Tensor in some data-dependent control flow / We do not support batching operators that can support dynamic shape."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import torch
import torch.nn.functional as F
from torch import nn
from torch.func import functional_call, grad, vmap
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
IGNORE = -1


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(20, 32), nn.ReLU(), nn.Linear(32, 3))

    def forward(self, x):
        return self.net(x)


model = MLP()


def sample_loss(params, buffers, x, y):
    logits = functional_call(model, (params, buffers), (x.unsqueeze(0),))
    target = y.unsqueeze(0)
    if V == 0:
        loss = F.cross_entropy(logits, target)
        if loss.item() > 10.0:  # guard against outliers
            loss = loss.clamp(max=10.0)
        return loss
    if V == 1:
        loss = F.cross_entropy(logits, target)
        return loss if loss > 1e-3 else loss * 0.0
    keep = target != IGNORE  # skip unlabeled samples
    return F.cross_entropy(logits[keep], target[keep])


per_sample_grads = vmap(grad(sample_loss), in_dims=(None, None, 0, 0))


def dp_sgd_step(batch_x, batch_y, max_norm=1.0, noise=0.5, lr=0.1):
    params = {k: v.detach() for k, v in model.named_parameters()}
    buffers = {k: v.detach() for k, v in model.named_buffers()}
    grads = per_sample_grads(params, buffers, batch_x, batch_y)
    norms = torch.sqrt(sum(g.flatten(1).pow(2).sum(1) for g in grads.values()))
    scale = (max_norm / (norms + 1e-6)).clamp(max=1.0)
    with torch.no_grad():
        for name, p in model.named_parameters():
            g = (grads[name] * scale.view(-1, *[1] * (grads[name].dim() - 1))).sum(0)
            g += noise * max_norm * torch.randn_like(g)
            p -= lr * g / len(batch_x)
    return norms.mean().item()


y = torch.randint(0, 3, (96,))
y[::7] = IGNORE if V == 2 else y[::7]
loader = DataLoader(TensorDataset(torch.randn(96, 20), y), batch_size=32, shuffle=True)
print(f"DP-SGD: {len(loader)} batches, clip 1.0, noise 0.5", flush=True)
for epoch in range(2):
    for step, (bx, by) in enumerate(loader):
        mean_norm = dp_sgd_step(bx, by)
        print(f"epoch {epoch} step {step} mean per-sample grad norm {mean_norm:.3f}", flush=True)
