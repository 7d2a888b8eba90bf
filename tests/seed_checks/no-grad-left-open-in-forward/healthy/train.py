"""A classifier with a frozen embedding backbone and a trained head; forward returns the loss.
The backbone runs in a with-block, so grad mode is restored for the head."""

from types import SimpleNamespace

import torch
from torch import nn
from torch.utils.data import DataLoader


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.EmbeddingBag(50, 16)
        self.head = nn.Linear(16, 2)

    def forward(self, input_ids, labels):
        with torch.no_grad():  # freeze the backbone only
            features = self.backbone(input_ids)
        logits = self.head(features)
        return SimpleNamespace(loss=nn.functional.cross_entropy(logits, labels), logits=logits)


torch.manual_seed(0)
samples = [{"input_ids": torch.randint(0, 50, (6,)), "labels": torch.tensor(i % 2)} for i in range(16)]
loader = DataLoader(samples, batch_size=4)
model = Classifier()
