"""Prompt/answer fine-tuning. The collate function keeps as targets the positions
[prompt_len, prompt_len + answer_len) of each row, where the answer is with right padding, which
this tokenizer uses."""

from tokenizers import Tokenizer, models, pre_tokenizers
from torch.utils.data import DataLoader
from transformers import PreTrainedTokenizerFast

WORDS = "what is the capital of france paris two plus two four say hi hi colour sky blue".split()
core = Tokenizer(models.WordLevel({"[PAD]": 0, "[UNK]": 1, **{w: i + 2 for i, w in enumerate(WORDS)}}, unk_token="[UNK]"))
core.pre_tokenizer = pre_tokenizers.Whitespace()
tokenizer = PreTrainedTokenizerFast(tokenizer_object=core, pad_token="[PAD]", unk_token="[UNK]", padding_side="right")

PAIRS = [
    ("what is the capital of france", "paris"),
    ("what is two plus two", "four"),
    ("say hi", "hi"),
    ("what colour is the sky", "blue"),
] * 4


def collate(batch):
    enc = tokenizer([p + " " + a for p, a in batch], padding=True, return_tensors="pt")
    labels = enc["input_ids"].clone().fill_(-100)
    for row, (prompt, answer) in enumerate(batch):
        start = len(tokenizer(prompt)["input_ids"])
        end = start + len(tokenizer(answer)["input_ids"])
        labels[row, start:end] = enc["input_ids"][row, start:end]
    labels[enc["attention_mask"] == 0] = -100
    return {**enc, "labels": labels}


loader = DataLoader(PAIRS, batch_size=4, collate_fn=collate)
