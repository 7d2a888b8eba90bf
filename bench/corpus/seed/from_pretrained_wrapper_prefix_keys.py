"""Weights exported from a training wrapper (keys prefixed 'model.', 'module.model.' or 'backbone.') loaded with from_pretrained: every weight is reported MISSING and newly initialised, and the export's reference logits no longer match."""
EXPECT = ["load-state-dict-strict-false-missing-keys"]
VARIANTS = 3

import sys

import torch
import torch.nn as nn
from safetensors.torch import save_file
from transformers import BertConfig, BertForSequenceClassification, BertModel

v = int(sys.argv[1])
torch.manual_seed(v)
config = BertConfig(vocab_size=500, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                    intermediate_size=64, num_labels=[3, 2, 5][v])


class LitClassifier(nn.Module):                            # the training repo's wrapper
    def __init__(self):
        super().__init__()
        if v == 2:
            self.backbone, self.head = BertModel(config), nn.Linear(32, config.num_labels)
        else:
            self.model = BertForSequenceClassification(config)


trained = LitClassifier().eval()
inputs = {"input_ids": torch.randint(0, 500, (4, 12))}
with torch.no_grad():
    ref = trained.model(**inputs).logits if v != 2 else trained.head(trained.backbone(**inputs).pooler_output)
state = trained.state_dict()
if v == 1:
    state = {"module." + k: t for k, t in state.items()}   # saved from the DDP-wrapped module
config.save_pretrained("export")
save_file({k: t.contiguous() for k, t in state.items()}, "export/model.safetensors")
torch.save(ref, "export/reference_logits.pt")

model = BertForSequenceClassification.from_pretrained("export").eval()
with torch.no_grad():
    logits = model(**inputs).logits
print("reference:", ref[0].tolist())
print("loaded:   ", logits[0].tolist())
torch.testing.assert_close(logits, torch.load("export/reference_logits.pt"))
