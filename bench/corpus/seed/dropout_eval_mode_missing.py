"""Inference without model.eval(): Dropout stays active and the same input gives different predictions; a consistency check fails."""
EXPECT = ["dropout-active-model-eval-missing"]
VARIANTS = 3

import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])
torch.manual_seed(v)


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Dropout([0.1, 0.3, 0.5][v]))
        self.head = nn.Linear(64, 3)

    def forward(self, x):
        return self.head(self.body(x))


model = Classifier()
torch.save(model.state_dict(), "best.pt")


def load_for_inference():
    m = Classifier()
    m.load_state_dict(torch.load("best.pt"))
    return m                                            # no m.eval()


model = load_for_inference()
print("model.training =", model.training)
x = torch.randn(4, 32)
with torch.no_grad():
    first, second = model(x), model(x)
if v == 2:
    assert torch.equal(first.argmax(1), second.argmax(1)) and torch.equal(first, second), "same image, different logits"
torch.testing.assert_close(first, second)
