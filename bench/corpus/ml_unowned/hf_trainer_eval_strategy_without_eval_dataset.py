"""transformers Trainer built with TrainingArguments(eval_strategy='steps'/'epoch') but no eval_dataset (never passed, or the validation split came back None): You have set `args.eval_strategy` to ... but you didn't pass an `eval_dataset` to `Trainer`."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch.utils.data import Dataset
from transformers import BertConfig, BertForSequenceClassification, Trainer, TrainingArguments

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(asctime)s - %(levelname)s - %(name)s - %(message)s")
log = logging.getLogger("finetune")


class ToyReviews(Dataset):
    def __init__(self, n, seq_len=16, vocab=200):
        g = torch.Generator().manual_seed(n)
        self.ids = torch.randint(5, vocab, (n, seq_len), generator=g)
        self.labels = torch.randint(0, 2, (n,), generator=g)

    def __len__(self):
        return len(self.ids)

    def __getitem__(self, i):
        return {"input_ids": self.ids[i], "attention_mask": torch.ones_like(self.ids[i]), "labels": self.labels[i]}


def load_splits(n_rows, val_fraction):
    n_val = int(n_rows * val_fraction)
    train = ToyReviews(n_rows - n_val)
    val = ToyReviews(n_val) if n_val > 0 else None
    log.info("train=%d val=%d", n_rows - n_val, n_val)
    return train, val


def build_trainer(strategy, train_ds, eval_ds=None):
    config = BertConfig(vocab_size=200, hidden_size=32, num_hidden_layers=1, num_attention_heads=2,
                        intermediate_size=48, num_labels=2)
    args = TrainingArguments(output_dir="runs/reviews", eval_strategy=strategy, eval_steps=10,
                             per_device_train_batch_size=8, num_train_epochs=1, report_to=[], use_cpu=True)
    return Trainer(model=BertForSequenceClassification(config), args=args, train_dataset=train_ds, eval_dataset=eval_ds)


if variant == 0:
    trainer = build_trainer("steps", ToyReviews(64))
    trainer.train()
elif variant == 1:
    trainer = build_trainer("epoch", ToyReviews(40))
    trainer.train()
else:
    train_ds, val_ds = load_splits(30, val_fraction=0.02)
    trainer = build_trainer("steps", train_ds, val_ds)
    trainer.train()
