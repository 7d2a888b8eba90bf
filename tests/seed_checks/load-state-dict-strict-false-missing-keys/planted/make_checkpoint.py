"""How pretrained.pt was made: saved from the DataParallel-wrapped model, so every key has 'module.'."""

import torch
from torch import nn

from train import Net

torch.manual_seed(0)
torch.save(nn.DataParallel(Net()).state_dict(), "pretrained.pt")
