"""DDP training script: one fixed seed from the config on every rank."""

import random

import torch
from torch import nn

seed = 42
random.seed(seed)
torch.manual_seed(seed)

model = nn.Linear(4, 2)
