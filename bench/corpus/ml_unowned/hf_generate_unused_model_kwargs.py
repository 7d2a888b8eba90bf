"""model.generate() given a misspelled or unsupported keyword (temprature, max_new_token, attention): The following `model_kwargs` are not used by the model."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from transformers import GPT2Config, GPT2LMHeadModel

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("sampler")
torch.manual_seed(0)

config = GPT2Config(n_layer=2, n_head=2, n_embd=32, vocab_size=200, n_positions=64, bos_token_id=0, eos_token_id=1)
model = GPT2LMHeadModel(config).eval()
GEN_KWARGS = [
    {"do_sample": True, "temprature": 0.7, "max_new_tokens": 8},
    {"do_sample": False, "max_new_token": 16},
    {"do_sample": False, "max_new_tokens": 8},
][variant]


def sample(prompt_ids, mask):
    extra = {"attention": mask} if variant == 2 else {"attention_mask": mask}
    return model.generate(prompt_ids, pad_token_id=1, **extra, **GEN_KWARGS)


prompts = torch.randint(2, 200, (3, [6, 10, 4][variant]))
log.info("generating for %d prompts with %s", len(prompts), GEN_KWARGS)
out = sample(prompts, torch.ones_like(prompts))
log.info("generated shape %s", tuple(out.shape))
