"""Sampling the next token with torch.multinomial on raw (or top-k filtered, -inf masked) logits instead of softmax probabilities: probability tensor contains either `inf`, `nan` or element < 0."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
torch.manual_seed(7)
VOCAB = [60, 120, 32][variant]


class CharLSTM(nn.Module):
    def __init__(self, vocab, d=32):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.rnn = nn.LSTM(d, d, batch_first=True)
        self.out = nn.Linear(d, vocab)

    def forward(self, ids, state=None):
        h, state = self.rnn(self.emb(ids), state)
        return self.out(h[:, -1]), state


def top_k_filter(logits, k):
    kth = logits.topk(k, dim=-1).values[:, -1:]
    return logits.masked_fill(logits < kth, float("-inf"))


def sample_next(logits, temperature=0.8, top_k=None):
    logits = logits / temperature
    if top_k:
        logits = top_k_filter(logits, top_k)
    return torch.multinomial(logits, num_samples=1)


@torch.no_grad()
def generate(model, prompt, max_new, **kw):
    ids, state = prompt, None
    x = prompt
    for _ in range(max_new):
        logits, state = model(x, state)
        x = sample_next(logits, **kw)
        ids = torch.cat([ids, x], dim=1)
    return ids


model = CharLSTM(VOCAB).eval()
if variant == 0:
    print(generate(model, torch.randint(0, VOCAB, (1, 5)), 20))
elif variant == 1:
    for i, prompt_len in enumerate([3, 7, 11]):
        print(f"prompt {i}: {prompt_len} tokens")
    print(generate(model, torch.randint(0, VOCAB, (4, 7)), 30, temperature=1.0, top_k=10))
else:
    for epoch in range(3):
        print(f"epoch {epoch}: loss {2.9 - 0.4 * epoch:.3f}")
    print("sampling from checkpoint")
    print(generate(model, torch.randint(0, VOCAB, (2, 4)), 16, temperature=0.5))
