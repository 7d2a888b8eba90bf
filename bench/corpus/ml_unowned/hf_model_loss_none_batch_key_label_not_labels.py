"""A hand-made batch carries the target under 'label' (the dataset's column name), not 'labels': the HF model computes no loss, so out.loss is None (or the Trainer says the model did not return a loss)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch.utils.data import Dataset
from transformers import BertConfig, BertForSequenceClassification, Trainer, TrainingArguments

VARIANT = int(sys.argv[1])
torch.manual_seed(0)

config = BertConfig(vocab_size=200, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                    intermediate_size=64, num_labels=[2, 3, 2][VARIANT])
model = BertForSequenceClassification(config)

texts = ["great movie", "terrible plot and acting", "fine", "loved every minute of it",
         "not for me", "a classic", "two hours lost", "would watch again"]
rows = [{"input_ids": [101] + [10 + len(w) * 3 for w in t.split()] + [102], "label": i % config.num_labels}
        for i, t in enumerate(texts)]


def collate(batch_rows):
    width = max(len(r["input_ids"]) for r in batch_rows)
    return {
        "input_ids": torch.tensor([r["input_ids"] + [0] * (width - len(r["input_ids"])) for r in batch_rows]),
        "attention_mask": torch.tensor([[1] * len(r["input_ids"]) + [0] * (width - len(r["input_ids"]))
                                        for r in batch_rows]),
        "label": torch.tensor([r["label"] for r in batch_rows]),
    }


class Reviews(Dataset):
    def __len__(self):
        return len(rows)

    def __getitem__(self, i):
        return rows[i]


if VARIANT == 0:
    opt = torch.optim.AdamW(model.parameters(), lr=5e-5)
    model.train()
    for start in range(0, len(rows), 4):
        batch = collate(rows[start:start + 4])
        out = model(**batch)
        out.loss.backward()
        opt.step()
        opt.zero_grad()
elif VARIANT == 1:
    model.eval()
    total = 0.0
    with torch.no_grad():
        for start in range(0, len(rows), 4):
            out = model(**collate(rows[start:start + 4]))
            print("logits", tuple(out.logits.shape))
            total += out.loss.item()
    print("eval loss", total / 2)
else:
    args = TrainingArguments(output_dir="out", per_device_train_batch_size=4, num_train_epochs=1,
                             report_to=[], use_cpu=True, logging_steps=1, save_strategy="no",
                             disable_tqdm=True)
    trainer = Trainer(model=model, args=args, train_dataset=Reviews(), data_collator=collate)
    trainer.train()
