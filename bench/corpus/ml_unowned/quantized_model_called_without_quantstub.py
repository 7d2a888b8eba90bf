"""Eager-mode static quantization (prepare, calibrate, convert) of a model with no QuantStub/DeQuantStub, then calling it on float input: NotImplementedError: Could not run 'quantized::linear' / 'quantized::conv2d' with arguments from the 'CPU' backend."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn
from torch.ao import quantization as tq

variant = int(sys.argv[1])
torch.manual_seed(0)
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
log = logging.getLogger("quantize")


class ChurnMLP(nn.Module):
    def __init__(self, n_in):
        super().__init__()
        self.fc1 = nn.Linear(n_in, 64)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(64, 2)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


class DefectNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(1, 8, 3), nn.ReLU(), nn.Conv2d(8, 16, 3), nn.ReLU())
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.head = nn.Linear(16, 3)

    def forward(self, x):
        return self.head(self.pool(self.features(x)).flatten(1))


def quantize_static(model, calib_batches):
    model.eval()
    model.qconfig = tq.get_default_qconfig("x86")
    prepared = tq.prepare(model)
    with torch.no_grad():
        for xb in calib_batches:
            prepared(xb)
    return tq.convert(prepared)


def predict_batch(qmodel, rows):
    with torch.no_grad():
        return qmodel(rows).argmax(-1)


if variant == 0:
    q = quantize_static(ChurnMLP(18), [torch.randn(32, 18) for _ in range(4)])
    print(q(torch.randn(5, 18)))
elif variant == 1:
    q = quantize_static(DefectNet(), [torch.randn(8, 1, 28, 28) for _ in range(3)])
    log.info("converted: %s", q.features[0])
    print(q(torch.randn(2, 1, 28, 28)).shape)
else:
    log.info("calibrating on 6 batches")
    q = quantize_static(ChurnMLP(40), [torch.randn(64, 40) for _ in range(6)])
    torch.save(q.state_dict(), "churn_int8.pt")
    log.info("saved churn_int8.pt")
    for req in range(3):
        log.info("request %d", req)
        print(predict_batch(q, torch.randn(4, 40)).tolist())
