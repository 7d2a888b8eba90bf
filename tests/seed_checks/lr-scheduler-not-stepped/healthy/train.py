"""A Trainer with a linear schedule, which the Trainer steps after every optimizer step.

`python train.py` (needs transformers with accelerate) wrote out/checkpoint-*/trainer_state.json, the only
file of the run kept here."""

import torch
from torch import nn
from transformers import Trainer, TrainingArguments


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 2))

    def forward(self, features, labels=None):
        logits = self.net(features)
        return {"loss": nn.functional.cross_entropy(logits, labels), "logits": logits}


torch.manual_seed(0)
points = torch.randn(640, 16)
dataset = [{"features": x, "labels": int(x[0] > 0)} for x in points]
args = TrainingArguments(
    "out",
    per_device_train_batch_size=8,
    num_train_epochs=2,
    learning_rate=5e-5,
    lr_scheduler_type="linear",
    eval_strategy="steps",
    eval_steps=500,
    logging_steps=10,
    save_strategy="epoch",
    report_to=[],
    use_cpu=True,
)
trainer = Trainer(model=Classifier(), args=args, train_dataset=dataset[:512], eval_dataset=dataset[512:])

if __name__ == "__main__":
    trainer.train()
