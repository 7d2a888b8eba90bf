"""How model.pt was made: a small model's state_dict, saved from the CPU.

python make_checkpoint.py   # writes model.pt (about 2 KB)
"""

import torch

torch.manual_seed(0)
torch.save(torch.nn.Linear(8, 2).state_dict(), "model.pt")
