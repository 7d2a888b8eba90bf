"""model.to(...) given an integer dtype (the batch's input_ids dtype, 'int8' from a precision setting, the uint8 image dtype): TypeError: nn.Module.to only accepts floating point or complex dtypes, but got desired dtype=torch.int64."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(2)


class IntentClassifier(nn.Module):
    def __init__(self, vocab=500, dim=32, n_intents=6):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim)
        self.out = nn.Linear(dim, n_intents)

    def forward(self, input_ids):
        return self.out(self.emb(input_ids))


def match_batch_dtype(model, batch):
    return model.to(batch["input_ids"].dtype)


def predict_intents(batch):
    model = match_batch_dtype(IntentClassifier().eval(), batch)
    with torch.no_grad():
        return model(batch["input_ids"]).argmax(-1)


PRECISION = {"fp32": "float32", "bf16": "bfloat16", "int8": "int8"}


def prepare_for_serving(model, precision, log):
    dtype = getattr(torch, PRECISION[precision])
    log.info("casting %s to %s for serving", type(model).__name__, dtype)
    return model.to(dtype).eval()


class DefectNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))


def to_device_like(model, images, device="cpu"):
    return model.to(device=device, dtype=images.dtype)


if V == 0:
    batch = {"input_ids": torch.randint(0, 500, (4, 16)), "attention_mask": torch.ones(4, 16, dtype=torch.long)}
    print(predict_intents(batch))
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    model = prepare_for_serving(IntentClassifier(), "int8", logging.getLogger("export"))
else:
    images = torch.randint(0, 256, (2, 3, 64, 64), dtype=torch.uint8)
    print("loaded 2 inspection frames", tuple(images.shape), flush=True)
    net = to_device_like(DefectNet(), images)
    print(net(images.float() / 255).softmax(-1))
