"""How model.pt was made: a small model's state_dict as torch.save writes it on a box whose model sat on
cuda:2. This box has no GPU, so the storages are tagged with torch's own hook for device tags
(torch.serialization.register_package), so the file records cuda:2 for every tensor, as a
`torch.save` on that box does.

    python make_checkpoint.py   # writes model.pt (about 2 KB)
"""

import torch

torch.serialization.register_package(1, lambda storage: "cuda:2", lambda storage, location: None)
torch.manual_seed(0)
torch.save(torch.nn.Linear(8, 2).state_dict(), "model.pt")
