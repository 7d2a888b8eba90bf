import torch

from losses import info_nce

encoder = torch.nn.Linear(16, 8).half()
