"""Calling .generate() on an encoder-only / classification model (BertForMaskedLM, BertForSequenceClassification): AttributeError: object has no attribute .generate."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from transformers import BertConfig, BertForMaskedLM, BertForSequenceClassification, BertModel

variant = int(sys.argv[1])
config = BertConfig(vocab_size=100, hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=37)
model = [BertForMaskedLM, BertForSequenceClassification, BertModel][variant](config)
model.eval()
prompt = torch.randint(5, 100, (1, 6))
print(f"{type(model).__name__}: generating a continuation")
out = model.generate(prompt, max_new_tokens=[10, 5, 20][variant], do_sample=False)
print(out)
