"""TypeError: 'Tensor' object is not callable / AttributeError on a tensor after a name was reused."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

model = torch.nn.Linear(3, 1)
criterion = torch.nn.MSELoss()
x, y = torch.randn(8, 3), torch.randn(8, 1)
history = torch.zeros(0)

for epoch in range(1, 4):
    out = model(x)
    if V == 0:
        criterion = criterion(out, y)  # overwrites the loss function
        print(f"epoch {epoch} loss {criterion.item():.4f}")
    elif V == 1:
        loss = criterion(out, y)
        history.append(loss.item())
    else:
        model = model(x)
        print(f"epoch {epoch} mean output {model.mean().item():.4f}")
