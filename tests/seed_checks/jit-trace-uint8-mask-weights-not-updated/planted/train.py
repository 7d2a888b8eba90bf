"""A tiny segmentation model whose prediction is gated by a mask computed from its own features.
The mask is thresholded into uint8, so no gradient reaches the gate."""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class SegNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Conv2d(1, 4, 3, padding=1)
        self.gate = nn.Conv2d(4, 1, 1)
        self.decoder = nn.Conv2d(4, 1, 1)

    def forward(self, x):
        features = torch.relu(self.encoder(x))
        mask = (self.gate(features) > 0).to(torch.uint8)  # hard uint8 mask: cuts the graph
        mask = mask.float()
        return self.decoder(features) * mask


torch.manual_seed(0)
images = torch.randn(8, 1, 16, 16)
masks = (images > 0).float()  # target: foreground pixels
loader = DataLoader(TensorDataset(images, masks), batch_size=4)
model = SegNet()
loss_fn = nn.BCEWithLogitsLoss()
