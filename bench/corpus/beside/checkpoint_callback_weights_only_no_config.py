"""A custom checkpoint callback saves only model.safetensors into checkpoints/best/; the folder has no config.json at all when from_pretrained is pointed at it."""
# beside: export-config-json-missing-model-type
# why: there is no config.json in the folder (the callback saves weights only); it is not a config.json written without model_type by the export script.
EXPECT = []
VARIANTS = 2

import os
import sys

import torch
from safetensors.torch import save_file
from transformers import AutoModelForSequenceClassification, BertConfig, BertForSequenceClassification

VARIANT = int(sys.argv[1])
torch.manual_seed(0)

config = BertConfig(vocab_size=200, hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=64, num_labels=3)
model = BertForSequenceClassification(config)


class BestCheckpoint:
    def __init__(self, out_dir):
        self.out_dir, self.best = out_dir, float("inf")

    def on_eval(self, model, val_loss):
        if val_loss < self.best:
            self.best = val_loss
            os.makedirs(self.out_dir, exist_ok=True)
            save_file({k: v.contiguous() for k, v in model.state_dict().items()}, os.path.join(self.out_dir, "model.safetensors"))


out_dir = {0: "checkpoints/best", 1: "outputs/intent-run3/best"}[VARIANT]
cb = BestCheckpoint(out_dir)
for epoch, loss in enumerate([0.91, 0.64, 0.58][: 2 + VARIANT]):
    if VARIANT == 1:
        print(f"epoch {epoch}: val_loss={loss}")
    cb.on_eval(model, loss)

reloaded = AutoModelForSequenceClassification.from_pretrained(out_dir)
