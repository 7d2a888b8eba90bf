"""BatchNorm in train mode sees a batch with one sample (last incomplete batch, single-request inference without eval()): Expected more than 1 value per channel when training."""
EXPECT = ["batchnorm-small-batch-oscillation", "dropout-active-model-eval-missing"]  # the short last batch; inference without eval()
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

variant = int(sys.argv[1])
torch.manual_seed(0)


def make_model(in_dim):
    return nn.Sequential(nn.Linear(in_dim, 64), nn.BatchNorm1d(64), nn.ReLU(), nn.Linear(64, 3))


def make_cnn():
    return nn.Sequential(nn.Conv2d(3, 8, 3), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.BatchNorm1d(8), nn.Linear(8, 2))


if variant == 0:
    n = 97  # 97 = 3 * 32 + 1
    ds = TensorDataset(torch.randn(n, 10), torch.randint(0, 3, (n,)))
    model = make_model(10)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for step, (x, y) in enumerate(DataLoader(ds, batch_size=32)):
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} batch {len(x)} loss {loss.item():.4f}", flush=True)
elif variant == 1:
    model = make_model(20)
    request = torch.randn(20)
    print("prediction", model(request.unsqueeze(0)).argmax(1).item())
else:
    model = make_cnn()
    image = torch.randn(1, 3, 32, 32)
    print("scores", model(image))
