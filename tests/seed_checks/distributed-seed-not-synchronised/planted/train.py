"""DDP training script: every process seeds itself from its own pid."""

import os
import random

import torch
from torch import nn

seed = os.getpid()
random.seed(seed)
torch.manual_seed(seed)

model = nn.Linear(4, 2)
