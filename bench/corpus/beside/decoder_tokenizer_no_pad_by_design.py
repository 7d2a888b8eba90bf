"""A byte-level decoder tokenizer (GPT-style) has no pad token by design; the fine-tuning script pads batches without setting one."""
# beside: inhouse-tokenizer-export-drops-pad-token
# why: this tokenizer never had a pad token (a decoder-only vocabulary); nothing was lost by an export script.
EXPECT = []
VARIANTS = 2

import sys

from tokenizers import Tokenizer, models, pre_tokenizers
from transformers import PreTrainedTokenizerFast

VARIANT = int(sys.argv[1])

vocab = {w: i for i, w in enumerate("<|endoftext|> hello world the a cat sat on mat".split())}
tok = Tokenizer(models.WordLevel(vocab, unk_token="<|endoftext|>"))
tok.pre_tokenizer = pre_tokenizers.Whitespace()
fast = PreTrainedTokenizerFast(tokenizer_object=tok, eos_token="<|endoftext|>", bos_token="<|endoftext|>")
batch = ["hello world", "the cat sat on the mat"]
if VARIANT == 1:
    print("eos:", fast.eos_token)
fast(batch, padding=True, return_tensors="np" if VARIANT else None)
