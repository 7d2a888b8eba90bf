"""Segmentation loss computed from a thresholded uint8 mask of the prediction: no gradient reaches the weights."""
EXPECT = ["jit-trace-uint8-mask-weights-not-updated"]
VARIANTS = 3

import sys

import torch
import torch.nn as nn

v = int(sys.argv[1])
torch.manual_seed(v)
model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 1, 1))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
img = torch.randn(2, 3, 32, 32)
gt = (torch.rand(2, 1, 32, 32) > 0.5).to(torch.uint8)

prob = torch.sigmoid(model(img))
pred_mask = (prob > 0.5).to(torch.uint8)                # binarised like the exported/traced model
if v == 0:
    loss = 1 - (2 * (pred_mask * gt).sum() + 1) / (pred_mask.sum() + gt.sum() + 1)   # Dice on masks
    loss = loss.float()
    loss.backward()
elif v == 1:
    pred_mask.requires_grad_()                          # "make the mask trainable"
else:
    loss = nn.functional.binary_cross_entropy(pred_mask.float(), gt.float())
    opt.zero_grad()
    loss.backward()
opt.step()
