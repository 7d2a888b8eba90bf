"""GPT2ForSequenceClassification run on a batch larger than 1 while config.pad_token_id is None: Cannot handle batch sizes > 1 if no padding token is defined."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from transformers import GPT2Config, GPT2ForSequenceClassification

variant = int(sys.argv[1])
batch, seq, labels = [(4, 16, 2), (8, 32, 5), (2, 10, 3)][variant]
config = GPT2Config(vocab_size=120, n_positions=64, n_embd=32, n_layer=1, n_head=2, num_labels=labels)
model = GPT2ForSequenceClassification(config)
optimizer = torch.optim.AdamW(model.parameters(), lr=5e-5)


def train_step(input_ids, attention_mask, y):
    out = model(input_ids=input_ids, attention_mask=attention_mask, labels=y)
    out.loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    return out.loss.item()


ids = torch.randint(0, 120, (batch, seq))
mask = torch.ones_like(ids)
mask[0, seq // 2:] = 0
print(f"epoch 0 step 0: batch {tuple(ids.shape)}")
if variant == 2:
    model.eval()
    with torch.no_grad():
        print(model(input_ids=ids).logits)
else:
    print(train_step(ids, mask, torch.randint(0, labels, (batch,))))
