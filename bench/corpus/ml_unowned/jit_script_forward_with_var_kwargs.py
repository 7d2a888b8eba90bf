"""torch.jit.script on a module whose forward takes *args or **kwargs (a wrapper that forwards extra inputs, a fusion model over any number of modalities): Compiled functions can't take variable number of arguments."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])


class Encoder(nn.Module):
    def __init__(self, d_in, d):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_in, d), nn.Tanh())

    def forward(self, x):
        return self.net(x)


class ServingWrapper(nn.Module):
    """Normalises inputs and passes any extra keyword inputs through to the model."""

    def __init__(self, model, mean, std):
        super().__init__()
        self.model = model
        self.register_buffer("mean", mean)
        self.register_buffer("std", std)

    def forward(self, x, **extra):
        return self.model((x - self.mean) / self.std)


class LateFusion(nn.Module):
    def __init__(self, dims, d):
        super().__init__()
        self.encoders = nn.ModuleList(Encoder(k, d) for k in dims)
        self.head = nn.Linear(d, 4)

    def forward(self, *modalities):
        fused = torch.stack([enc(m) for enc, m in zip(self.encoders, modalities)]).mean(0)
        return self.head(fused)


def export_torchscript(module, path):
    module.eval()
    scripted = torch.jit.script(module)
    scripted.save(path)
    return path


if variant == 0:
    wrapper = ServingWrapper(Encoder(10, 8), torch.zeros(10), torch.ones(10))
    print(wrapper(torch.randn(3, 10)).shape)
    export_torchscript(wrapper, "encoder_serving.pt")
elif variant == 1:
    model = LateFusion([40, 12, 7], 16)
    print("eager ok:", model(torch.randn(2, 40), torch.randn(2, 12), torch.randn(2, 7)).shape)
    print("saved", export_torchscript(model, "late_fusion.pt"))
else:
    @torch.jit.script
    def merge_features(*feats):
        return torch.cat(feats, dim=-1)

    print(merge_features(torch.randn(2, 3), torch.randn(2, 5)).shape)
