"""gradient_accumulation_steps copied from a large-scale recipe onto a small dataset: the Trainer makes a handful of optimizer updates, warm-up never ends, eval accuracy stays at chance; the user's check fails."""
EXPECT = ["gradient-accumulation-steps-too-large"]
VARIANTS = 3

import sys

import torch
import transformers
from transformers import BertConfig, BertForSequenceClassification, Trainer, TrainingArguments

v = int(sys.argv[1])
torch.manual_seed(v)
transformers.logging.set_verbosity_info()
n_train = [128, 96, 160][v]
accum = [32, 16, 64][v]


class Reviews(torch.utils.data.Dataset):
    def __init__(self, n, seed):
        g = torch.Generator().manual_seed(seed)
        self.ids = torch.randint(5, 200, (n, 12), generator=g)
        self.labels = (self.ids[:, :4] < 100).sum(1).ge(2).long()
        self.ids[:, 0] = torch.where(self.labels.bool(), 3, 4)         # a strong, easy cue

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return {"input_ids": self.ids[i], "labels": self.labels[i]}


config = BertConfig(vocab_size=200, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                    intermediate_size=64, num_labels=2)
args = TrainingArguments(output_dir="out", per_device_train_batch_size=4, gradient_accumulation_steps=accum,
                         num_train_epochs=3, learning_rate=3e-4, warmup_steps=20, logging_steps=1,
                         save_strategy="no", report_to="none", use_cpu=True, disable_tqdm=True)
trainer = Trainer(model=BertForSequenceClassification(config), args=args,
                  train_dataset=Reviews(n_train, 0), eval_dataset=Reviews(128, 1),
                  compute_metrics=lambda p: {"accuracy": (p.predictions.argmax(-1) == p.label_ids).mean()})
trainer.train()
metrics = trainer.evaluate()
print({k: round(float(val), 4) for k, val in metrics.items()})
assert metrics["eval_accuracy"] > 0.8, (
    f"eval accuracy {metrics['eval_accuracy']:.3f} after {args.num_train_epochs} epochs on {n_train} examples "
    f"(global_step={trainer.state.global_step})")
