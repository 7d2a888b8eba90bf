"""torch.multinomial(..., replacement=False) asked for more negatives than there are candidates (a small vocab, a small in-batch pool): RuntimeError: cannot sample n_sample > prob_dist.size(-1) samples without replacement."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys
from collections import Counter

import torch
import torch.nn.functional as F
from torch import nn

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)


def unigram_table(token_counts, power=0.75):
    freqs = torch.tensor(list(token_counts.values()), dtype=torch.float)
    return freqs.pow(power) / freqs.pow(power).sum()


def draw_negatives(probs, batch_size, n_negatives):
    return torch.stack([torch.multinomial(probs, n_negatives, replacement=False) for _ in range(batch_size)])


class SkipGram(nn.Module):
    def __init__(self, vocab_size, dim=32):
        super().__init__()
        self.inp = nn.Embedding(vocab_size, dim)
        self.ctx = nn.Embedding(vocab_size, dim)

    def forward(self, center, context, negatives):
        c = self.inp(center)
        pos = (c * self.ctx(context)).sum(-1)
        neg = torch.bmm(self.ctx(negatives), c.unsqueeze(-1)).squeeze(-1)
        return -(F.logsigmoid(pos) + F.logsigmoid(-neg).sum(-1)).mean()


def hard_negatives(query_emb, doc_emb, k):
    sims = query_emb @ doc_emb.T
    sims.fill_diagonal_(-1e4)
    probs = torch.softmax(sims / 0.05, dim=-1)
    return torch.multinomial(probs, k, replacement=False)


if V == 0:
    corpus = "track my parcel refund my parcel late parcel refund please track order late order".split()
    counts = Counter(corpus)
    probs = unigram_table(counts)
    model = SkipGram(len(counts))
    print(f"vocab {len(counts)} tokens, sampling 15 negatives per pair")
    center, context = torch.randint(0, len(counts), (8,)), torch.randint(0, len(counts), (8,))
    loss = model(center, context, draw_negatives(probs, 8, 15))
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("two_tower")
    n_items, n_neg = 40, 64
    popularity = torch.rand(n_items) + 0.1
    for epoch in range(2):
        log.info("epoch %d: sampling %d popularity negatives from %d items", epoch, n_neg, n_items)
        negs = torch.multinomial(popularity / popularity.sum(), n_neg, replacement=False)
else:
    queries, docs = torch.randn(32, 64), torch.randn(32, 64)
    for k in (8, 16, 48):
        print(f"mining {k} hard negatives per query from a batch of {docs.shape[0]}")
        negs = hard_negatives(F.normalize(queries, dim=-1), F.normalize(docs, dim=-1), k)
