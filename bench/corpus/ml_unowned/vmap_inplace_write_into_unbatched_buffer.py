"""RuntimeError: vmap: inplace arithmetic(self, *extra_args) is not possible because there exists a Tensor `other` in extra_args that has more elements than `self`: a function run under torch.func.vmap writes per-sample values in place into a buffer it created itself (torch.zeros / ones / empty: slice assignment, scatter_, index_copy_, masked_fill_), which is not batched."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 5       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn
from torch.func import functional_call, grad, vmap

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)
B = [8, 16, 4, 12, 6][V]


def pad_features(x, max_len=10):
    """Per-sample: copy the first n features into a fixed-size, zero-padded vector."""
    out = torch.zeros(max_len)
    out[: x.shape[0]] = x
    return out


def multi_hot(ids, vocab=20):
    out = torch.zeros(vocab)
    out.scatter_(0, ids, 1.0)
    return out


def keep_first(x, k=3):
    out = torch.zeros(x.shape[0])
    out.index_copy_(0, torch.arange(k), x[:k])
    return out


def mask_negative(x):
    out = torch.ones(x.shape[0])
    out.masked_fill_(x < 0, 0.0)
    return out * x


if V == 0:
    feats = torch.randn(B, 6)
    print("features", tuple(feats.shape))
    padded = vmap(pad_features)(feats)
    print("padded", tuple(padded.shape))
elif V == 1:
    ids = torch.randint(0, 20, (B, 4))
    print(f"{B} baskets of 4 item ids")
    encoded = vmap(multi_hot)(ids)
    print(encoded.sum(1))
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("per_sample_grads")
    model = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 3))
    params = {k: v.detach() for k, v in model.named_parameters()}

    def sample_loss(p, x, y):
        x = pad_features(x)                      # every sample padded to 10 features
        logits = functional_call(model, p, (x.unsqueeze(0),))
        return nn.functional.cross_entropy(logits, y.unsqueeze(0))

    x, y = torch.randn(B, 7), torch.randint(0, 3, (B,))
    log.info("computing per-sample gradients for %d samples (DP-SGD clipping)", B)
    grads = vmap(grad(sample_loss), in_dims=(None, 0, 0))(params, x, y)
    log.info("grad norms %s", [g.norm().item() for g in grads.values()])
elif V == 3:
    x = torch.randn(B, 9)
    for name, fn in [("relu", torch.relu), ("keep_first", keep_first)]:
        print(name, tuple(vmap(fn)(x).shape))
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("features")

    class Featurizer:
        def __init__(self, steps):
            self.steps = steps

        def __call__(self, batch):
            for name, fn in self.steps:
                log.info("step %s on %s", name, tuple(batch.shape))
                batch = vmap(fn)(batch)
            return batch

    out = Featurizer([("tanh", torch.tanh), ("mask_negative", mask_negative)])(torch.randn(B, 5))
    log.info("done %s", tuple(out.shape))
