"""Model resized after add_tokens, then the original-vocab checkpoint loaded into it: size mismatch for word embeddings."""
EXPECT = ["vocab-size-num-embeddings-mismatch"]
VARIANTS = 2

import sys

import torch
from transformers import BertConfig, BertModel

v = int(sys.argv[1])
cfg = dict(hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=64)
base_vocab = [30522, 21128][v]
torch.save(BertModel(BertConfig(vocab_size=base_vocab, **cfg)).state_dict(), "pytorch_model.bin")

model = BertModel(BertConfig(vocab_size=base_vocab, **cfg))
model.resize_token_embeddings(base_vocab + [2, 5][v])          # after tokenizer.add_tokens(...)
model.load_state_dict(torch.load("pytorch_model.bin"))
