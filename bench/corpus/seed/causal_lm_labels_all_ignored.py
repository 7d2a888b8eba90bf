"""Labels masked to -100 by prompt length computed on left-padded batches: every target ignored, loss is nan from the first step."""
EXPECT = ["labels-all-minus-100-padding-side"]
VARIANTS = 2

import math
import sys

import torch
from transformers import GPT2Config, GPT2LMHeadModel

v = int(sys.argv[1])
torch.manual_seed(v)
config = GPT2Config(vocab_size=64, n_positions=64, n_embd=32, n_layer=2, n_head=2, bos_token_id=1, eos_token_id=1, pad_token_id=0)
model = GPT2LMHeadModel(config)
opt = torch.optim.AdamW(model.parameters(), lr=5e-5)

max_len, prompt_len = [32, 48][v], [8, 12][v]
answer_len = [4, 6][v]
ids = torch.zeros(4, max_len, dtype=torch.long)
ids[:, -(prompt_len + answer_len):] = torch.randint(2, 64, (4, prompt_len + answer_len))  # tokenizer pads on the left
attention = (ids != 0).long()
labels = ids.masked_fill(attention == 0, -100)        # padding never counts
labels[:, :prompt_len] = -100                          # collate assumes right padding: prompt first...
labels[:, prompt_len + answer_len:] = -100             # ...then padding after the answer
print("labels[0]:", labels[0].tolist())

for step in range(3):
    out = model(input_ids=ids, attention_mask=attention, labels=labels)
    print({"loss": round(out.loss.item(), 4), "learning_rate": 5e-05, "epoch": round(step / 100, 2)})
    assert math.isfinite(out.loss.item()), f"loss is {out.loss.item()} at step {step}"
    out.loss.backward(); opt.step(); opt.zero_grad()
