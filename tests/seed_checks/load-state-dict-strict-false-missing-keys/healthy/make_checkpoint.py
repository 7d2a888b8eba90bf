"""How pretrained.pt was made: saved from the bare model, so its keys match Net's."""

import torch

from train import Net

torch.manual_seed(0)
torch.save(Net().state_dict(), "pretrained.pt")
