"""A training script that seeds every generator once at the top."""

import random

import numpy as np
import torch
from torch import nn


def seed_everything(seed: int = 42) -> None:
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed_all(seed)
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = False


seed_everything(42)
noise = np.random.normal(0, 0.1, size=(64, 4)).astype("float32")
order = list(range(64))
random.shuffle(order)
model = nn.Linear(4, 2)
