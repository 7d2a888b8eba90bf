"""The model that is fine-tuned from pretrained.pt."""

from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Linear(8, 4)
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(self.encoder(x).relu())


model = Net()
