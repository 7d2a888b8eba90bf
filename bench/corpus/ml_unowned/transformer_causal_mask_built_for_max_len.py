"""Causal attn_mask built once for max_len (or for the batch size) but the batch has another sequence length: The shape of the 2D attn_mask is ..., but should be (T, T)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
torch.manual_seed(0)
MAX_LEN, D_MODEL, VOCAB = 32, 64, 500


class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, D_MODEL)
        layer = nn.TransformerEncoderLayer(D_MODEL, nhead=4, dim_feedforward=128, batch_first=(variant != 1))
        self.encoder = nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False)
        self.head = nn.Linear(D_MODEL, VOCAB)
        self.register_buffer("causal_mask", nn.Transformer.generate_square_subsequent_mask(MAX_LEN))

    def forward(self, ids):
        h = self.emb(ids)
        if variant == 1:
            h = h.transpose(0, 1)  # switched to (T, B, D) for the old layer, ids stay (B, T)
            return self.head(self.encoder(h, mask=nn.Transformer.generate_square_subsequent_mask(ids.size(0))))
        return self.head(self.encoder(h, mask=self.causal_mask))


def lm_loss(model, ids):
    logits = model(ids[:, :-1])
    if variant == 1:
        logits = logits.transpose(0, 1)
    return nn.functional.cross_entropy(logits.reshape(-1, VOCAB), ids[:, 1:].reshape(-1))


model = TinyLM()
seq_lens = [[33, 33, 20], [17, 17], [33, 25]][variant]
for step, seq_len in enumerate(seq_lens):
    ids = torch.randint(0, VOCAB, (8, seq_len))
    loss = lm_loss(model, ids)
    loss.backward()
    print(f"step {step} seq_len {seq_len - 1} loss {loss.item():.3f}", flush=True)
