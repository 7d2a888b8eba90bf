"""A training script that seeds torch only, and lets cuDNN pick its algorithms per run."""

import random

import numpy as np
import torch
from torch import nn

torch.manual_seed(42)
torch.backends.cudnn.benchmark = True

noise = np.random.normal(0, 0.1, size=(64, 4)).astype("float32")
order = list(range(64))
random.shuffle(order)
model = nn.Linear(4, 2)
