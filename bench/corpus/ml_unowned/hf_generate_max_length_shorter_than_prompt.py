"""model.generate with max_length (meant as the number of new tokens) smaller than the prompt length: Input length of input_ids is N, but `max_length` is set to M. ... setting `max_new_tokens`."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from transformers import GPT2Config, GPT2LMHeadModel, GenerationConfig

variant = int(sys.argv[1])
prompt_len, max_length = [(40, 32), (120, 64), (18, 16)][variant]

config = GPT2Config(vocab_size=300, n_positions=256, n_embd=64, n_layer=2, n_head=2,
                    bos_token_id=1, eos_token_id=2, pad_token_id=0)
model = GPT2LMHeadModel(config).eval()
torch.manual_seed(variant)


def summarize(prompt_ids, **gen_kwargs):
    attention_mask = torch.ones_like(prompt_ids)
    with torch.no_grad():
        out = model.generate(prompt_ids, attention_mask=attention_mask, **gen_kwargs)
    return out[:, prompt_ids.shape[1]:]


prompts = torch.randint(3, 300, (2 if variant != 1 else 4, prompt_len))
print(f"prompts {tuple(prompts.shape)}")
if variant == 2:
    model.generation_config = GenerationConfig(max_length=max_length, do_sample=False, pad_token_id=0, eos_token_id=2)
    print(summarize(prompts).shape)
else:
    print(summarize(prompts, max_length=max_length, num_beams=2 if variant == 1 else 1, do_sample=False).shape)
