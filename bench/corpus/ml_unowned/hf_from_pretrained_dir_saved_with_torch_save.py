"""from_pretrained pointed at a directory where the model was saved with torch.save (no config.json or no weights file): Unrecognized model ... / OSError no file named model.safetensors"""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys

import torch
from transformers import AutoConfig, AutoModelForSequenceClassification, BertConfig, BertForSequenceClassification

variant = int(sys.argv[1])
config = BertConfig(vocab_size=100, hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=37)
model = BertForSequenceClassification(config)
os.makedirs("outputs/checkpoint-500", exist_ok=True)
if variant == 0:
    torch.save(model.state_dict(), "outputs/checkpoint-500/model.pt")
elif variant == 1:
    config.save_pretrained("outputs/checkpoint-500")            # config only, weights saved elsewhere
    torch.save(model.state_dict(), "outputs/model_final.bin")
else:
    torch.save(model, "outputs/checkpoint-500/full_model.pth")
print("training finished, reloading best checkpoint for evaluation")
if variant == 2:
    cfg = AutoConfig.from_pretrained("outputs/checkpoint-500")
reloaded = AutoModelForSequenceClassification.from_pretrained("outputs/checkpoint-500")
