"""generate() given bad_words_ids as a flat list of token ids (convert_tokens_to_ids output) or as the tokenizer's tensor, instead of a list of token-id lists: ValueError: `bad_words_ids` has to be a list of lists, but is [12, 14]."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys

import torch
from transformers import BertTokenizerFast, GenerationConfig, GPT2Config, GPT2LMHeadModel

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(14)

VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "your", "order", "has", "shipped", "we", "are", "sorry",
         "refund", "the", "lawsuit", "delay", "thanks", "for", "waiting", "today", "tomorrow", "soon"]
BLOCKLIST = ["refund", "lawsuit"]


def load_tokenizer():
    with open("vocab.txt", "w") as f:
        f.write("\n".join(VOCAB) + "\n")
    return BertTokenizerFast(vocab="vocab.txt")


def reply_model(vocab_size):
    cfg = GPT2Config(vocab_size=vocab_size, n_positions=64, n_embd=32, n_layer=1, n_head=2,
                     bos_token_id=2, eos_token_id=3, pad_token_id=0)
    return GPT2LMHeadModel(cfg).eval()


def draft_reply(model, tok, text, banned_ids, **kwargs):
    enc = tok(text, return_tensors="pt")
    with torch.no_grad():
        out = model.generate(enc.input_ids, attention_mask=enc.attention_mask, max_new_tokens=6,
                             bad_words_ids=banned_ids, **kwargs)
    return tok.decode(out[0], skip_special_tokens=True)


def write_generation_settings(path, tok):
    with open(path, "w") as f:
        json.dump({"max_new_tokens": 6, "bad_words_ids": tok.convert_tokens_to_ids(BLOCKLIST),
                   "eos_token_id": 3, "pad_token_id": 0}, f)


def reply_with_settings(model, tok, path, log):
    with open(path) as f:
        gen_cfg = GenerationConfig(**json.load(f))
    log.info("generation settings: %s", gen_cfg.to_diff_dict())
    enc = tok("your order has", return_tensors="pt")
    with torch.no_grad():
        return model.generate(enc.input_ids, attention_mask=enc.attention_mask, generation_config=gen_cfg)


tok = load_tokenizer()
model = reply_model(len(VOCAB))
if V == 0:
    banned = tok.convert_tokens_to_ids(BLOCKLIST)
    print(draft_reply(model, tok, "we are sorry for the delay", banned))
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    write_generation_settings("generation_settings.json", tok)
    print(reply_with_settings(model, tok, "generation_settings.json", logging.getLogger("replies")))
else:
    banned = tok(BLOCKLIST, add_special_tokens=False, return_tensors="pt").input_ids
    for ticket in ["your order has shipped", "thanks for waiting"]:
        print(f"drafting reply for: {ticket!r}", flush=True)
        print(draft_reply(model, tok, ticket, banned, do_sample=False))
