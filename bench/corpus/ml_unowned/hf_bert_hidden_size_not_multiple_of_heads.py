"""Tiny BERT/GPT-2 config with hidden size not divisible by the number of attention heads: The hidden size (...) is not a multiple of the number of attention heads."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

from transformers import BertConfig, BertForMaskedLM, GPT2Config, GPT2LMHeadModel, logging

variant = int(sys.argv[1])
logging.set_verbosity_info()
hidden, heads = [(30, 4), (100, 8), (48, 5)][variant]
print(f"building student model hidden={hidden} heads={heads} (distilled from a 768/12 teacher)")
if variant == 2:
    config = GPT2Config(vocab_size=200, n_positions=64, n_embd=hidden, n_layer=1, n_head=heads)
    model = GPT2LMHeadModel(config)
else:
    config = BertConfig(vocab_size=100, hidden_size=hidden, num_hidden_layers=1,
                        num_attention_heads=heads, intermediate_size=37)
    model = BertForMaskedLM(config)
print(sum(p.numel() for p in model.parameters()))
