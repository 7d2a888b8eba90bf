"""max_length raised for long documents with the batch_size tuned at 512 tokens: the attention scores (batch x heads x L x L) no longer fit and the allocator refuses them."""
EXPECT = ["oom-batch-size-not-scaled-with-max-length"]
VARIANTS = 3

import math
import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])
torch.manual_seed(v)
cfg = {"batch_size": 32, "max_length": [16384, 12288, 16384][v], "dim": 64, "heads": 8}   # was max_length=512


class SelfAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads, self.qkv, self.out = heads, nn.Linear(dim, 3 * dim), nn.Linear(dim, dim)

    def forward(self, x):
        B, L, D = x.shape
        q, k, val = self.qkv(x).view(B, L, 3, self.heads, D // self.heads).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-2, -1) / math.sqrt(D // self.heads)
        return self.out((scores.softmax(-1) @ val).transpose(1, 2).reshape(B, L, D))


if v == 1:
    from transformers import BertConfig, BertModel
    model = BertModel(BertConfig(vocab_size=1000, hidden_size=cfg["dim"], num_hidden_layers=2, num_attention_heads=cfg["heads"],
                                 intermediate_size=128, max_position_embeddings=cfg["max_length"]), add_pooling_layer=False)
    model.set_attn_implementation("eager")             # we read attention maps for the report
    ids = torch.randint(0, 1000, (cfg["batch_size"], cfg["max_length"]))   # padding="max_length"
    print(f"batch {tuple(ids.shape)}")
    out = model(input_ids=ids, attention_mask=torch.ones_like(ids))
else:
    embed = nn.Embedding(1000, cfg["dim"])
    model = nn.Sequential(SelfAttention(cfg["dim"], cfg["heads"]), nn.LayerNorm(cfg["dim"]))
    lengths = [300, 480, 512, 256, cfg["max_length"]] if v == 2 else [cfg["max_length"]]
    for step, longest in enumerate(lengths):                # dynamic padding: the longest sample sets L
        ids = torch.randint(0, 1000, (cfg["batch_size"], longest))
        print(f"step {step}: batch {tuple(ids.shape)}")
        loss = model(embed(ids)).pow(2).mean()
        loss.backward()
