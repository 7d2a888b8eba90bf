"""nn.MultiheadAttention given a key_padding_mask laid out (T, B), too long, or 1-D: AssertionError on the key_padding_mask shape."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
batch, src_len, dim = [(4, 10, 32), (8, 25, 64), (2, 7, 16)][variant]
attn = nn.MultiheadAttention(dim, num_heads=4, batch_first=True)
x = torch.randn(batch, src_len, dim)
lengths = torch.randint(1, src_len + 1, (batch,))
if variant == 0:    # built time-major for an older seq-first model
    pad_mask = torch.arange(src_len).unsqueeze(1) >= lengths.unsqueeze(0)
elif variant == 1:  # mask built from the untruncated tokenizer output
    pad_mask = torch.arange(src_len + 5).unsqueeze(0) >= lengths.unsqueeze(1)
else:               # attention_mask from the tokenizer, only one row
    pad_mask = (torch.arange(src_len) >= lengths[0])
print(f"x {tuple(x.shape)}, key_padding_mask {tuple(pad_mask.shape)}")
out, weights = attn(x, x, x, key_padding_mask=pad_mask)
