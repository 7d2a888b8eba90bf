"""Exporting a model whose generation defaults set temperature/top_p (or early_stopping/length_penalty) while do_sample is False / num_beams is 1: save_pretrained raises ValueError: GenerationConfig is invalid: ... this flag is only used in sample-based generation modes."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from transformers import GenerationConfig, GPT2Config, GPT2LMHeadModel

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(13)

REPLY_DEFAULTS = {"max_new_tokens": 64, "temperature": 0.7, "top_p": 0.9, "repetition_penalty": 1.1}


def tiny_reply_model():
    cfg = GPT2Config(vocab_size=320, n_positions=128, n_embd=48, n_layer=2, n_head=2,
                     bos_token_id=1, eos_token_id=2, pad_token_id=0)
    return GPT2LMHeadModel(cfg)


def export_generation_defaults(out_dir):
    gen_cfg = GenerationConfig(**REPLY_DEFAULTS, eos_token_id=2, pad_token_id=0)
    gen_cfg.save_pretrained(out_dir)
    return gen_cfg


def export_reply_model(model, out_dir, log):
    model.generation_config.update(**REPLY_DEFAULTS)
    log.info("saving reply model with generation defaults %s", REPLY_DEFAULTS)
    model.save_pretrained(out_dir)


def summariser_generation_config():
    return GenerationConfig(max_new_tokens=48, num_beams=1, early_stopping=True, length_penalty=0.8,
                            no_repeat_ngram_size=3, eos_token_id=2, pad_token_id=0)


if V == 0:
    print(export_generation_defaults("export/support-reply-v3"))
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    export_reply_model(tiny_reply_model(), "export/support-reply-v4", logging.getLogger("export"))
else:
    model = tiny_reply_model().eval()
    prompt = torch.randint(3, 320, (1, 12))
    for step in ("load", "smoke-test generate"):
        print(f"summariser export: {step}", flush=True)
    with torch.no_grad():
        model.generate(prompt, attention_mask=torch.ones_like(prompt), max_new_tokens=4, do_sample=False)
    model.generation_config = summariser_generation_config()
    model.save_pretrained("export/ticket-summariser")
