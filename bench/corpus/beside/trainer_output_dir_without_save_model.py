"""A fine-tuning script saves the config and tokenizer to its output directory at the start and lets the Trainer write checkpoints into checkpoint-N subfolders, but never calls trainer.save_model() at the end; the evaluation script loads the output directory itself."""
# beside: intent-bundle-packager-allowlist-skips-sharded-weights
# why: the weights exist only in the checkpoint-N folders because the final save_model() call is missing; no packager or shards are involved, and the fix is to save the final model (or load a checkpoint folder).
EXPECT = []
VARIANTS = 3

import os
import sys

import torch
from transformers import AutoModelForSequenceClassification, BertConfig, BertForSequenceClassification

VARIANT = int(sys.argv[1])
OUT = {0: "outputs/sentiment-bert", 1: "runs/2024-06-03/sentiment", 2: "outputs/sentiment-bert"}[VARIANT]

config = BertConfig(vocab_size=500, hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=64, num_labels=3)
model = BertForSequenceClassification(config)
config.save_pretrained(OUT)
for step in (500, 1000):
    model.save_pretrained(os.path.join(OUT, f"checkpoint-{step}"))  # what the Trainer's save_steps writes
    if VARIANT == 2:
        print(f"{{'loss': {0.9 - step / 2000:.4f}, 'epoch': {step / 500:.1f}}}")
print(sorted(os.listdir(OUT)))
evaluated = AutoModelForSequenceClassification.from_pretrained(OUT)
print(evaluated(torch.tensor([[1, 5, 9]])).logits)
