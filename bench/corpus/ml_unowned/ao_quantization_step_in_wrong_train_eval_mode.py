"""AssertionError: Fusion only for eval! (or: prepare_qat only works on models in training mode): torch.ao.quantization steps run on a model left in the other mode: fuse_modules for post-training quantization right after the training loop (still train()), prepare_qat after an eval() sanity check of the float model."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys
import warnings

import torch
import torch.ao.quantization as tq
from torch import nn

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
warnings.filterwarnings("ignore", category=UserWarning)
torch.manual_seed(0)
C = [8, 16, 12, 4][V]


class SmallNet(nn.Module):
    def __init__(self, c=C, n_classes=4):
        super().__init__()
        self.quant = tq.QuantStub()
        self.conv = nn.Conv2d(3, c, 3, padding=1)
        self.bn = nn.BatchNorm2d(c)
        self.relu = nn.ReLU()
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(c, n_classes)
        self.dequant = tq.DeQuantStub()

    def forward(self, x):
        x = self.quant(x)
        x = self.pool(self.relu(self.bn(self.conv(x)))).flatten(1)
        return self.dequant(self.fc(x))


def train(model, steps=3):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    model.train()
    for step in range(steps):
        x, y = torch.randn(8, 3, 16, 16), torch.randint(0, 4, (8,))
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.4f}")


def accuracy(model, n=32):
    model.eval()
    with torch.no_grad():
        x, y = torch.randn(n, 3, 16, 16), torch.randint(0, 4, (n,))
        return (model(x).argmax(-1) == y).float().mean().item()


if V == 0:
    model = SmallNet()
    train(model)
    print("post-training static quantization: fusing conv+bn+relu")
    model.qconfig = tq.get_default_qconfig("x86")
    fused = tq.fuse_modules(model, [["conv", "bn", "relu"]])
elif V == 1:
    model = SmallNet()
    train(model, steps=2)
    print(f"float model accuracy {accuracy(model):.3f}")
    model.qconfig = tq.get_default_qat_qconfig("x86")
    qat_model = tq.prepare_qat(model)
    train(qat_model)
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("qat")
    model = SmallNet()
    torch.save(model.state_dict(), "float_model.pt")
    model.load_state_dict(torch.load("float_model.pt"))
    log.info("loaded float checkpoint, baseline accuracy %.3f", accuracy(model))
    fused = tq.fuse_modules_qat(model, [["conv", "bn", "relu"]])
    fused.qconfig = tq.get_default_qat_qconfig("x86")
    log.info("preparing QAT (fake-quant observers)")
    qat_model = tq.prepare_qat(fused)
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("export")

    def quantize_for_cpu(model, calib_batches=4):
        log.info("fusing modules")
        model = tq.fuse_modules(model, [["conv", "bn", "relu"]])
        model.qconfig = tq.get_default_qconfig("x86")
        prepared = tq.prepare(model)
        for _ in range(calib_batches):
            prepared(torch.randn(8, 3, 16, 16))
        return tq.convert(prepared)

    model = SmallNet()
    train(model, steps=2)
    log.info("training finished, exporting int8 model")
    qmodel = quantize_for_cpu(model)
