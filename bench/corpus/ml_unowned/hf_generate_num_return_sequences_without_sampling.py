"""generate() asked for several return sequences with greedy decoding, or more sequences than beams: Greedy methods ... do not support `num_return_sequences` different than 1 / has to be smaller or equal to `num_beams`."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from transformers import GenerationConfig, GPT2Config, GPT2LMHeadModel

variant = int(sys.argv[1])
torch.manual_seed(0)
config = GPT2Config(vocab_size=64, n_positions=48, n_embd=16, n_layer=1, n_head=2, bos_token_id=0, eos_token_id=1, pad_token_id=1)
model = GPT2LMHeadModel(config).eval()


def candidate_rewrites(input_ids, n, **gen_kwargs):
    with torch.no_grad():
        out = model.generate(input_ids, attention_mask=torch.ones_like(input_ids), max_new_tokens=6,
                             num_return_sequences=n, **gen_kwargs)
    return out.view(input_ids.size(0), n, -1)


def rerank_pool(prompts, pool_size=4):
    gen_cfg = GenerationConfig(max_new_tokens=8, num_return_sequences=pool_size, pad_token_id=1, eos_token_id=1)
    results = []
    for i, p in enumerate(prompts):
        with torch.no_grad():
            results.append(model.generate(p.unsqueeze(0), generation_config=gen_cfg))
        print(f"prompt {i}: {results[-1].shape[0]} candidates", flush=True)
    return results


prompts = torch.randint(2, 64, (2, 5))
print("prompts", tuple(prompts.shape))
if variant == 0:
    print(candidate_rewrites(prompts, n=3).shape)
elif variant == 1:
    print(candidate_rewrites(prompts, n=5, num_beams=3, early_stopping=True).shape)
else:
    rerank_pool(prompts)
