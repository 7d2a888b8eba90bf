"""Passing both input_ids and inputs_embeds (e.g. adding soft-prompt embeddings while keeping the ids) to a HF model: You cannot specify both input_ids and inputs_embeds / You must specify exactly one of input_ids or inputs_embeds."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from transformers import BertConfig, BertModel, GPT2Config, GPT2LMHeadModel

variant = int(sys.argv[1])
if variant == 1:
    model = GPT2LMHeadModel(GPT2Config(vocab_size=100, n_positions=64, n_embd=32, n_layer=1, n_head=2))
    embed = model.get_input_embeddings()
else:
    model = BertModel(BertConfig(vocab_size=100, hidden_size=32, num_hidden_layers=1,
                                 num_attention_heads=2, intermediate_size=37))
    embed = model.get_input_embeddings()

n_prompt = [4, 8, 2][variant]
soft_prompt = torch.nn.Parameter(torch.randn(n_prompt, 32) * 0.02)


def forward_with_prompt(batch):
    tok = embed(batch["input_ids"])
    prompt = soft_prompt.unsqueeze(0).expand(tok.size(0), -1, -1)
    batch = dict(batch, inputs_embeds=torch.cat([prompt, tok], 1))
    batch["attention_mask"] = torch.ones(batch["inputs_embeds"].shape[:2], dtype=torch.long)
    return model(**batch)


ids = torch.randint(0, 100, (3, 12))
print(f"prompt tuning with {n_prompt} virtual tokens")
out = forward_with_prompt({"input_ids": ids, "attention_mask": torch.ones_like(ids)})
