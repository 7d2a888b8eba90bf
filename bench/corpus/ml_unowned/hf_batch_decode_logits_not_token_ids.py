"""Decoding model logits (or next-token probabilities) with tokenizer.batch_decode/decode instead of the argmax token ids: 'list' / 'float' object cannot be interpreted as an integer."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from tokenizers import Tokenizer, models, pre_tokenizers
from transformers import GPT2Config, GPT2LMHeadModel, PreTrainedTokenizerFast

variant = int(sys.argv[1])
torch.manual_seed(variant)
WORDS = "the a model data train eval loss token batch step good bad is was very not".split()


def build_tokenizer():
    vocab = {"[UNK]": 0, "[PAD]": 1, "[BOS]": 2}
    vocab.update({w: i + 3 for i, w in enumerate(WORDS)})
    tok = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    return PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="[UNK]", pad_token="[PAD]", bos_token="[BOS]")


tokenizer = build_tokenizer()
config = GPT2Config(vocab_size=len(tokenizer), n_positions=32, n_embd=16, n_layer=1, n_head=2,
                    bos_token_id=2, eos_token_id=2, pad_token_id=1)
model = GPT2LMHeadModel(config).eval()
prompts = [["the model is", "eval loss was"], ["the data", "train step", "a batch is very"], ["loss is not"]][variant]
batch = tokenizer(prompts, padding=True, return_tensors="pt")
print("input_ids", tuple(batch["input_ids"].shape))


def predict_texts(batch):
    with torch.no_grad():
        out = model(**batch)
    return tokenizer.batch_decode(out.logits, skip_special_tokens=True)


def next_word(batch):
    with torch.no_grad():
        logits = model(**batch).logits[:, -1, :]
    probs = logits.softmax(-1)
    return tokenizer.batch_decode(probs)


def first_completion(batch):
    with torch.no_grad():
        logits = model(**batch).logits
    return tokenizer.decode(logits[0])


if variant == 0:
    print(predict_texts(batch))
elif variant == 1:
    print(next_word(batch))
else:
    print(first_completion(batch))
