"""Batch padding with a GPT-style tokenizer that ships without a pad token (labels/collate setup for causal-LM fine-tuning)."""
EXPECT = ["labels-all-minus-100-padding-side"]
VARIANTS = 3

import sys

from tokenizers import Tokenizer, models, pre_tokenizers
from transformers import DataCollatorWithPadding, PreTrainedTokenizerFast

v = int(sys.argv[1])
words = "<unk> <|endoftext|> the model predicts a label for each short review long text".split()
backend = Tokenizer(models.WordLevel({w: i for i, w in enumerate(words)}, unk_token="<unk>"))
backend.pre_tokenizer = pre_tokenizers.Whitespace()
tokenizer = PreTrainedTokenizerFast(tokenizer_object=backend, eos_token="<|endoftext|>", padding_side="left")
texts = ["the model predicts a label", "short review", "each long text the model predicts"]

if v == 0:
    batch = tokenizer(texts, padding=True, return_tensors="pt")
elif v == 1:
    batch = tokenizer(texts, padding="max_length", max_length=16, truncation=True)
else:
    features = [tokenizer(t) for t in texts]
    batch = DataCollatorWithPadding(tokenizer)(features)
print(batch)
