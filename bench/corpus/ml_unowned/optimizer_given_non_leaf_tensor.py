"""Hand-made parameters created with requires_grad and then scaled, moved or cast, so the optimizer gets a non-leaf tensor: can't optimize a non-leaf Tensor."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch

variant = int(sys.argv[1])
torch.manual_seed(0)
device = torch.device("cpu")
n_features = [5, 12, 3][variant]


def init_params():
    if variant == 0:
        w = torch.randn(n_features, 1, requires_grad=True) * 0.01  # Xavier-ish scaling
    elif variant == 1:
        w = torch.zeros(n_features, 1, requires_grad=True).to(device, dtype=torch.float64)
    else:
        w = torch.randn(n_features, 1, requires_grad=True).clone()
    b = torch.zeros(1, requires_grad=True)
    return w, b


X = torch.randn(64, n_features)
y = X @ torch.arange(1.0, n_features + 1).unsqueeze(1) + 0.3
w, b = init_params()
print(f"w is_leaf={w.is_leaf} requires_grad={w.requires_grad}", flush=True)
optimizer = torch.optim.SGD([w, b], lr=0.05)
for epoch in range(5):
    loss = ((X @ w + b - y) ** 2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(f"epoch {epoch} mse {loss.item():.3f}")
