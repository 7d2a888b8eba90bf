"""Merging attention heads with .view() after transpose on a non-contiguous tensor: view size is not compatible with input tensor's size and stride."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
batch, seq, heads, head_dim = [(2, 10, 4, 8), (8, 32, 8, 16), (1, 7, 2, 32)][variant]


class SelfAttention(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.n_heads = n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.out = nn.Linear(d_model, d_model)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q, k, v = (z.view(b, t, self.n_heads, d // self.n_heads).transpose(1, 2) for z in (q, k, v))
        att = torch.softmax(q @ k.transpose(-2, -1) / (d // self.n_heads) ** 0.5, dim=-1)
        y = (att @ v).transpose(1, 2)
        y = y.view(b, t, d)  # merge heads
        return self.out(y)


class Block(nn.Module):
    def __init__(self, d_model, n_heads):
        super().__init__()
        self.ln = nn.LayerNorm(d_model)
        self.attn = SelfAttention(d_model, n_heads)

    def forward(self, x):
        return x + self.attn(self.ln(x))


model = nn.Sequential(*[Block(heads * head_dim, heads) for _ in range(variant + 1)])
x = torch.randn(batch, seq, heads * head_dim)
print(f"input {tuple(x.shape)}, {len(model)} blocks")
loss = model(x).pow(2).mean()
loss.backward()
