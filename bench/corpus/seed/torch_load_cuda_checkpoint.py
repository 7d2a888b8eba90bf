"""A checkpoint whose storages were saved on cuda:0 loaded with torch.load without map_location on a CPU-only box."""
EXPECT = ["torch-load-map-location"]
VARIANTS = 3

import sys

import torch
import torch.nn as nn
import torch.serialization as ser

v = int(sys.argv[1])


def save_as_on_gpu_box(obj, path, device="cuda:0"):
    """Write the file a GPU training box writes: every storage tagged with a CUDA location."""
    ser.register_package(0, lambda storage: device, lambda obj, location: None)
    try:
        torch.save(obj, path)
    finally:
        del ser._package_registry[[p[0] for p in ser._package_registry].index(0)]


model = nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU(), nn.Flatten(), nn.LazyLinear(10))
model(torch.randn(1, 3, 16, 16))
opt = torch.optim.Adam(model.parameters())
if v == 0:
    save_as_on_gpu_box(model.state_dict(), "model.pt")
    model.load_state_dict(torch.load("model.pt"))
elif v == 1:
    save_as_on_gpu_box({"epoch": 12, "model": model.state_dict(), "optimizer": opt.state_dict()}, "last.ckpt", "cuda:1")
    ckpt = torch.load("last.ckpt", weights_only=False)
else:
    save_as_on_gpu_box(model, "full_model.pth")

    def load_model():
        return torch.load("full_model.pth", weights_only=False).eval()

    print("loading model for serving")
    model = load_model()
