"""Per-sample attention mask (B, T, T) given to nn.MultiheadAttention without repeating it per head: The shape of the 3D attn_mask is torch.Size([B, T, T]), but should be (B*num_heads, T, T)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
batch, seq, dim, heads = [(8, 10, 64, 4), (4, 32, 128, 8), (16, 7, 96, 2)][variant]


class SegmentEncoderLayer(nn.Module):
    """Tokens may only attend inside their own segment (sentence, utterance, frame group)."""

    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)

    def forward(self, x, segment_ids):
        # True = blocked: query and key belong to different segments
        block = segment_ids[:, :, None] != segment_ids[:, None, :]
        h, _ = self.attn(x, x, x, attn_mask=block)
        x = self.norm1(x + h)
        return self.norm2(x + self.ff(x))


layers = nn.ModuleList(SegmentEncoderLayer() for _ in range(2 if variant != 1 else 3))
x = torch.randn(batch, seq, dim)
segment_ids = torch.cumsum(torch.rand(batch, seq) < 0.3, dim=1)
print(f"batch {tuple(x.shape)}, {int(segment_ids.max()) + 1} segments max, heads={heads}")
for i, layer in enumerate(layers):
    x = layer(x, segment_ids)
    print(f"layer {i} out {tuple(x.shape)}")
