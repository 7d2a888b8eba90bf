"""torch.split with explicit section sizes that no longer add up to the tensor's size (fused QKV with grouped-query heads, a feature vector after a new field was added): split_with_sizes expects split_sizes to sum exactly to ..."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])
torch.manual_seed(0)


class GQAttention(nn.Module):
    def __init__(self, dim, n_heads, n_kv_heads):
        super().__init__()
        self.head_dim = dim // n_heads
        self.n_heads, self.n_kv_heads = n_heads, n_kv_heads
        self.qkv = nn.Linear(dim, (n_heads + 2 * n_kv_heads) * self.head_dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x):
        q, k, v = self.qkv(x).split([self.n_heads * self.head_dim, self.n_heads * self.head_dim,
                                     self.n_kv_heads * self.head_dim], dim=-1)
        return self.out(q)


if VARIANT in (0, 1):
    dim, heads, kv = [(256, 8, 2), (512, 16, 4)][VARIANT]
    attn = GQAttention(dim, heads, kv)
    x = torch.randn(2, 10, dim)
    print(f"qkv projection {attn.qkv.weight.shape[0]} outputs for {heads} query / {kv} kv heads")
    y = attn(x)
else:
    # tabular row: [age, income] + 12 one-hot region + 7 weekday; 'tenure' was appended later
    fields = {"numeric": 2, "region": 12, "weekday": 7}
    rows = torch.randn(64, 22)
    print("feature matrix", tuple(rows.shape))
    numeric, region, weekday = torch.split(rows, list(fields.values()), dim=1)
    print(region.argmax(1)[:5])
