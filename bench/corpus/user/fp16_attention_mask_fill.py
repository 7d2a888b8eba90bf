"""Hand-written attention masks padded keys with masked_fill(-1e9); after switching the scorer to fp16 the fill value overflows Half."""
EXPECT = ["fp16-attention-masked-fill-minus-1e9"]
VARIANTS = 4

import logging
import math
import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])
NEG_INF = -1e9


class CrossAttentionPool(nn.Module):
    """Pools passage token states with a learned query (retrieval reranker)."""

    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.query = nn.Parameter(torch.randn(heads, dim // heads))
        self.kv = nn.Linear(dim, 2 * dim)

    def forward(self, states, pad_mask):
        b, t, d = states.shape
        k, v = self.kv(states).view(b, t, 2, self.heads, d // self.heads).unbind(2)
        scores = torch.einsum("hd,bthd->bht", self.query, k) / math.sqrt(d // self.heads)
        scores = scores.masked_fill(pad_mask[:, None, :], NEG_INF)
        attn = scores.softmax(-1)
        return torch.einsum("bht,bthd->bhd", attn, v).reshape(b, d)


class Reranker(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.pool = CrossAttentionPool(dim, heads)
        self.score = nn.Linear(dim, 1)

    def forward(self, states, pad_mask):
        return self.score(self.pool(states, pad_mask)).squeeze(-1)


def main():
    torch.manual_seed(VARIANT)
    b, t, dim, heads = {0: (8, 128, 64, 4), 1: (32, 256, 128, 8), 2: (4, 64, 32, 2), 3: (16, 512, 96, 6)}[VARIANT]
    model = Reranker(dim, heads).half().eval()  # fp16 to halve serving memory
    states = torch.randn(b, t, dim).half()
    lengths = torch.randint(t // 4, t, (b,))
    pad_mask = torch.arange(t)[None, :] >= lengths[:, None]
    if VARIANT == 3:
        print(f"reranker fp16: {sum(p.numel() for p in model.parameters())} params")
        print(f"scoring {b} candidates, max_len {t}")
    with torch.no_grad():
        print(model(states, pad_mask))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s reranker %(message)s")
        logging.info("loaded reranker weights as float16")
        try:
            main()
        except Exception:
            logging.exception("rerank request failed")
            sys.exit(1)
    else:
        main()
