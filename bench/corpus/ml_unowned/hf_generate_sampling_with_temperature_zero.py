"""generate() with do_sample=True and temperature=0.0 (meant as "deterministic", a sweep that ends at 0, a generation_config.json written that way): ValueError: `temperature` (=0.0) has to be a strictly positive float, otherwise your next token scores will be invalid."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import logging

import torch
from transformers import GenerationConfig, GPT2Config, GPT2LMHeadModel

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("eval.generate")
torch.manual_seed(0)

config = GPT2Config(vocab_size=96, n_positions=64, n_embd=32, n_layer=2, n_head=2,
                    bos_token_id=1, eos_token_id=2, pad_token_id=0)
model = GPT2LMHeadModel(config).eval()
prompts = torch.randint(3, 96, (4, 8))


def sample(model, input_ids, **gen_kwargs):
    with torch.no_grad():
        out = model.generate(input_ids, attention_mask=torch.ones_like(input_ids), max_new_tokens=12, **gen_kwargs)
    return out[:, input_ids.shape[1]:]


if V == 0:
    # "temperature 0 = deterministic, so the eval numbers are reproducible"
    gen_args = {"do_sample": True, "temperature": 0.0, "top_p": 0.95}
    log.info("eval generation args: %s", gen_args)
    print(sample(model, prompts, **gen_args))
elif V == 1:
    for temp in [1.0, 0.7, 0.3, 0.0]:
        tokens = sample(model, prompts, do_sample=True, temperature=temp, top_k=50)
        distinct = len(set(tokens.flatten().tolist())) / tokens.numel()
        log.info("temperature %.1f: distinct-1 %.3f", temp, distinct)
else:
    gc = GenerationConfig(do_sample=True, temperature=0.0, max_new_tokens=12, pad_token_id=0, eos_token_id=2)
    gc.save_pretrained("ckpt")
    log.info("wrote ckpt/generation_config.json")
    model.generation_config = GenerationConfig.from_pretrained("ckpt")
    for i in range(0, 4, 2):
        log.info("batch %d", i // 2)
        print(model.generate(prompts[i:i + 2], attention_mask=torch.ones_like(prompts[i:i + 2])))
