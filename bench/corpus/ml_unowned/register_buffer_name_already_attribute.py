"""register_buffer under a name the module already has as a plain attribute or a method (self.scale set first, a base class's mean/std, a causal_mask() helper): KeyError: "attribute 'X' already exists"."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])


class ScaledDotAttention(nn.Module):
    def __init__(self, d_head, learnable_temperature=False):
        super().__init__()
        self.scale = d_head ** -0.5
        if not learnable_temperature:
            self.register_buffer("scale", torch.tensor(d_head ** -0.5))

    def forward(self, q, k, v):
        return torch.softmax(q @ k.transpose(-2, -1) * self.scale, -1) @ v


class Normalizer(nn.Module):
    def __init__(self, mean, std):
        super().__init__()
        self.mean, self.std = mean, std

    def forward(self, x):
        return (x - self.mean) / self.std


class ImageNormalizer(Normalizer):
    """Same thing, but the statistics should move with .to(device) and be saved in the state_dict."""

    def __init__(self, mean, std):
        super().__init__(mean, std)
        self.register_buffer("mean", torch.tensor(mean).view(1, -1, 1, 1))
        self.register_buffer("std", torch.tensor(std).view(1, -1, 1, 1))


class CausalSelfAttention(nn.Module):
    def __init__(self, d, n_heads, max_len):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, n_heads, batch_first=True)
        self.register_buffer("causal_mask", self.causal_mask(max_len), persistent=False)

    def causal_mask(self, n):
        return torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)

    def forward(self, x):
        t = x.size(1)
        return self.attn(x, x, x, attn_mask=self.causal_mask[:t, :t])[0]


def build_decoder(d=32, n_heads=4, n_layers=2, max_len=64):
    layers = []
    for i in range(n_layers):
        print(f"building layer {i}")
        layers.append(CausalSelfAttention(d, n_heads, max_len))
    return nn.Sequential(*layers)


if variant == 0:
    attn = ScaledDotAttention(64)
elif variant == 1:
    norm = ImageNormalizer([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
    print(norm(torch.rand(2, 3, 8, 8)).shape)
else:
    decoder = build_decoder()
    print(decoder(torch.randn(2, 10, 32)).shape)
