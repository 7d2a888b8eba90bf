"""A custom init loop applies xavier_uniform_ / kaiming_normal_ / orthogonal_ to every parameter, biases and norm weights included: Fan in and fan out can not be computed for tensor with fewer than 2 dimensions."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])
torch.manual_seed(0)


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 16, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(16)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(16, 10)

    def forward(self, x):
        return self.fc(self.pool(torch.relu(self.bn(self.conv(x)))).flatten(1))


def init_weights(model):
    for name, p in model.named_parameters():
        if VARIANT == 0:
            nn.init.xavier_uniform_(p)
        elif VARIANT == 1:
            nn.init.kaiming_normal_(p, mode="fan_out", nonlinearity="relu")
        else:
            nn.init.orthogonal_(p)
        print(f"initialised {name} {tuple(p.shape)}")


if VARIANT == 2:
    model = nn.LSTM(32, 64, num_layers=1, batch_first=True)
else:
    model = Classifier()
with torch.no_grad():
    init_weights(model)
