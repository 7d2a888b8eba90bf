"""Generation config uses temperature=0 to mean greedy; sample_next_token divides logits by it and torch.multinomial gets NaN probabilities."""
EXPECT = ["sampler-temperature-zero-multinomial-nan"]
VARIANTS = 4

import logging
import sys

import torch
from transformers import GPT2Config, GPT2LMHeadModel

VARIANT = int(sys.argv[1])


def sample_next_token(logits, temperature, top_k):
    logits = logits / temperature
    if top_k:
        kth = torch.topk(logits, top_k, dim=-1).values[..., -1, None]
        logits = logits.masked_fill(logits < kth, float("-inf"))
    probs = torch.softmax(logits, dim=-1)
    return torch.multinomial(probs, num_samples=1)


def generate(model, prompt_ids, max_new_tokens, gen_cfg):
    ids = prompt_ids
    for _ in range(max_new_tokens):
        with torch.no_grad():
            logits = model(ids).logits[:, -1, :]
        nxt = sample_next_token(logits, gen_cfg["temperature"], gen_cfg.get("top_k"))
        ids = torch.cat([ids, nxt], dim=-1)
    return ids


def main():
    torch.manual_seed(VARIANT)
    cfg = GPT2Config(vocab_size=500, n_positions=128, n_embd=32, n_layer=2, n_head=2)
    model = GPT2LMHeadModel(cfg).eval()
    batch, prompt_len, top_k = {0: (1, 12, 50), 1: (4, 20, None), 2: (2, 8, 20), 3: (8, 30, 40)}[VARIANT]
    prompt = torch.randint(0, 500, (batch, prompt_len))
    gen_cfg = {"temperature": 0.0, "top_k": top_k}  # "0 = deterministic" in the eval config
    if VARIANT == 3:
        print(f"eval-generate: {batch} prompts, gen_cfg={gen_cfg}")
    out = generate(model, prompt, 16, gen_cfg)
    print(out.shape)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        logging.info("eval-generate: greedy decoding for regression suite")
        try:
            main()
        except Exception:
            logging.exception("generation failed")
            sys.exit(1)
    else:
        main()
