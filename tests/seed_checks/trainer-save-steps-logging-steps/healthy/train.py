"""Fine-tunes a tiny BERT with the HF Trainer. output/checkpoint-3/trainer_state.json is what this run
wrote (the weights and optimizer files of the checkpoint are left out of the fixture)."""

import torch
from transformers import BertConfig, BertForSequenceClassification, Trainer, TrainingArguments

torch.manual_seed(0)
config = BertConfig(vocab_size=50, hidden_size=16, num_hidden_layers=1, num_attention_heads=2, intermediate_size=32)
model = BertForSequenceClassification(config)
data = [{"input_ids": torch.randint(0, 50, (8,)), "labels": torch.tensor(i % 2)} for i in range(48)]

args = TrainingArguments(
    output_dir="output",
    max_steps=6,
    per_device_train_batch_size=8,
    logging_steps=3,  # save_steps is a multiple of it
    save_steps=3,
    report_to=[],
    use_cpu=True,
)
Trainer(model=model, args=args, train_dataset=data).train()
