"""nn.Embedding built with padding_idx = len(vocab) (the pad id appended after the vocabulary, num_embeddings not grown): AssertionError: Padding_idx must be within num_embeddings."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys

import numpy as np
import torch
from torch import nn

VARIANT = int(sys.argv[1])

words = ["the", "a", "model", "loss", "nan", "gpu", "batch", "epoch", "train", "eval"][: 10 - VARIANT]
vocab = {w: i for i, w in enumerate(words)}
PAD = len(vocab)  # pad id comes after the last word
with open("vocab.json", "w") as f:
    json.dump({"tokens": vocab, "pad_id": PAD}, f)


class Encoder(nn.Module):
    def __init__(self, num_embeddings, dim, pad_id, pretrained=None):
        super().__init__()
        if pretrained is not None:
            self.emb = nn.Embedding.from_pretrained(pretrained, freeze=False, padding_idx=pad_id)
        else:
            self.emb = nn.Embedding(num_embeddings, dim, padding_idx=pad_id)
        self.rnn = nn.GRU(dim, dim, batch_first=True)

    def forward(self, ids):
        return self.rnn(self.emb(ids))[0]


meta = json.load(open("vocab.json"))
print(f"vocab size {len(meta['tokens'])}, pad id {meta['pad_id']}")
if VARIANT == 0:
    enc = Encoder(len(meta["tokens"]), 16, meta["pad_id"])
elif VARIANT == 1:
    vectors = torch.from_numpy(np.random.default_rng(0).normal(size=(len(words), 32)).astype(np.float32))
    enc = Encoder(None, 32, meta["pad_id"], pretrained=vectors)
else:
    # a GPT-2 style tokenizer: '<pad>' was added as id 50257 on top of the 50257 base tokens
    with open("tokenizer_config.json", "w") as f:
        json.dump({"vocab_size": 50257, "pad_token_id": 50257, "eos_token_id": 50256}, f)
    tok_cfg = json.load(open("tokenizer_config.json"))
    print(f"tokenizer vocab_size {tok_cfg['vocab_size']}, pad_token_id {tok_cfg['pad_token_id']}")
    enc = Encoder(tok_cfg["vocab_size"], 64, tok_cfg["pad_token_id"])
print(enc)
