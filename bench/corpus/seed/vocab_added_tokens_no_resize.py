"""Tokens added to the tokenizer but the model's embedding not resized (or hard-coded vocab size): index out of range in self."""
EXPECT = ["vocab-size-num-embeddings-mismatch"]
VARIANTS = 4

import sys

import torch
import torch.nn as nn
from transformers import BertConfig, BertModel, BertTokenizer, GPT2Config, GPT2LMHeadModel

v = int(sys.argv[1])
words = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "patient", "has", "fever", "and", "cough", "the"]
tokenizer = BertTokenizer(vocab={w: i for i, w in enumerate(words)})
new = [["<drug>", "</drug>"], ["[E1]", "[/E1]", "[E2]", "[/E2]"], ["<sep2>"], ["<user>", "<bot>"]][v]
tokenizer.add_tokens(new, special_tokens=(v % 2 == 1))
print(f"len(tokenizer)={len(tokenizer)}")
text = f"patient has {new[0]} fever {new[-1]} and cough"
enc = tokenizer([text, "the patient has cough"], padding=True, return_tensors="pt")

if v == 0:
    model = BertModel(BertConfig(vocab_size=len(words), hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=64))
    out = model(**enc)
elif v == 1:
    model = GPT2LMHeadModel(GPT2Config(vocab_size=len(words), n_embd=32, n_layer=1, n_head=2, bos_token_id=2, eos_token_id=3))
    out = model(input_ids=enc["input_ids"], labels=enc["input_ids"])
else:
    class TextCNN(nn.Module):
        def __init__(self, vocab_size=11):            # hard-coded from the original vocab
            super().__init__()
            self.emb = nn.Embedding(vocab_size, 16, padding_idx=0)
            self.conv = nn.Conv1d(16, 8, 3, padding=1)
            self.fc = nn.Linear(8, 2)

        def forward(self, ids):
            h = self.conv(self.emb(ids).transpose(1, 2)).amax(-1)
            return self.fc(h)

    model = TextCNN()
    if v == 2:
        print(model(enc["input_ids"]))
    else:
        loss = nn.functional.cross_entropy(model(enc["input_ids"]), torch.tensor([1, 0]))
        loss.backward()
