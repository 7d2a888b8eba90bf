"""Training saved the whole module (torch.save(model)) and the inference code passes what torch.load returns to load_state_dict: TypeError: Expected state_dict to be dict-like, got <class '...'>."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s | %(message)s")
log = logging.getLogger("inference")


class TextCNN(nn.Module):
    def __init__(self, vocab=2000, d=32, n_classes=4):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.conv = nn.Conv1d(d, 64, 3, padding=1)
        self.fc = nn.Linear(64, n_classes)

    def forward(self, ids):
        h = self.conv(self.emb(ids).transpose(1, 2)).relu().amax(-1)
        return self.fc(h)


class TabularNet(nn.Module):
    def __init__(self, n_in=24):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_in, 48), nn.ReLU(), nn.Linear(48, 1))

    def forward(self, x):
        return self.body(x)


def train_and_save(model, path, wrap=False):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(3):
        opt.zero_grad()
        p = next(model.parameters())
        loss = p.pow(2).mean()
        loss.backward()
        opt.step()
        log.info("epoch %d loss %.5f", epoch, loss.item())
    torch.save({"model": model, "epoch": 3} if wrap else model, path)


def restore(model_cls, path, key=None):
    model = model_cls()
    ckpt = torch.load(path, map_location="cpu", weights_only=False)
    model.load_state_dict(ckpt[key] if key else ckpt)
    return model.eval()


if variant == 0:
    train_and_save(TextCNN(), "textcnn_best.pt")
    model = TextCNN()
    model.load_state_dict(torch.load("textcnn_best.pt", weights_only=False))
elif variant == 1:
    train_and_save(TabularNet(), "checkpoint_last.pt", wrap=True)
    model = restore(TabularNet, "checkpoint_last.pt", key="model")
    print(model(torch.randn(2, 24)))
else:
    train_and_save(TextCNN(vocab=500, n_classes=7), "intent_cls.pt")
    log.info("loading intent_cls.pt for serving")
    model = restore(lambda: TextCNN(vocab=500, n_classes=7), "intent_cls.pt")
