EXPECT = []
VARIANTS = 3

# A demo generation script reads sampling settings from a JSON file; "repetition_penalty": 0 was
# meant as "no penalty" (the neutral value is 1.0), and a negative value was meant as a "reward".
import json
import logging
import sys

import torch
from transformers import GPT2Config, GPT2LMHeadModel

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

GEN = [
    {"max_new_tokens": 20, "do_sample": False, "repetition_penalty": 0},
    {"max_new_tokens": 32, "do_sample": True, "top_k": 40, "temperature": 0.8, "repetition_penalty": 0.0},
    {"max_new_tokens": 16, "num_beams": 3, "repetition_penalty": -1.2},
][V]


def tiny_lm():
    cfg = GPT2Config(vocab_size=256, n_positions=128, n_embd=64, n_layer=2, n_head=4,
                     bos_token_id=0, eos_token_id=1, pad_token_id=1)
    torch.manual_seed(0)
    return GPT2LMHeadModel(cfg).eval()


def complete(model, prompts, gen_cfg):
    outs = []
    for i, ids in enumerate(prompts):
        logging.info("prompt %d: %d tokens", i, ids.shape[1])
        with torch.no_grad():
            outs.append(model.generate(ids, attention_mask=torch.ones_like(ids), **gen_cfg))
    return outs


def main():
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    with open("generation.json", "w") as f:
        json.dump(GEN, f)
    gen_cfg = json.load(open("generation.json"))
    model = tiny_lm()
    prompts = [torch.randint(2, 256, (1, n)) for n in (5, 9, 3)]
    for out in complete(model, prompts, gen_cfg):
        print(out.tolist())


if __name__ == "__main__":
    main()
