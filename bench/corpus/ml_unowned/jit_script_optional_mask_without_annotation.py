"""torch.jit.script on a forward with un-annotated optional/list arguments (inferred as Tensor): errors at script, save or call time."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])


class MaskedPooling(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, mask=None):
        h = self.proj(x)
        if mask is not None:
            h = h * mask.unsqueeze(-1)
        return h.mean(1)


class Tokens(nn.Module):
    def forward(self, x, lengths):
        # python list argument, un-annotated -> inferred as Tensor
        return torch.stack([x[i, :n].mean(0) for i, n in enumerate(lengths)])


class Scaler(nn.Module):
    def forward(self, x, scale=1.0, eps=None):
        return x * scale / (x.std() + eps)


module = [MaskedPooling(32), Tokens(), Scaler()][variant]
print(f"exporting {type(module).__name__} with torch.jit.script")
scripted = torch.jit.script(module)
scripted.save("model.pt")
print("saved model.pt; smoke test")
if variant == 1:
    print(scripted(torch.randn(2, 5, 4), [3, 5]))
