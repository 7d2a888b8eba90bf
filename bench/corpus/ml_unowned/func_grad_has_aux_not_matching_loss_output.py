"""RuntimeError: grad_and_value(f)(*args): Expected f(*args) to return a Tensor, got <class 'tuple'>: torch.func.grad / grad_and_value given a loss function that also returns its logits or metrics (a tuple or dict) without has_aux=True, or has_aux=True for one that returns the loss alone."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 5       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn
from torch.func import functional_call, grad, grad_and_value, vmap

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)
B, D, K = [(16, 10, 3), (8, 6, 2), (12, 20, 5), (6, 4, 3), (10, 8, 4)][V]
model = nn.Sequential(nn.Linear(D, 32), nn.Tanh(), nn.Linear(32, K))
params = {k: v.detach() for k, v in model.named_parameters()}
x, y = torch.randn(B, D), torch.randint(0, K, (B,))


def loss_and_logits(p, x, y):
    logits = functional_call(model, p, (x,))
    return nn.functional.cross_entropy(logits, y), logits


def loss_and_metrics(p, x, y):
    logits = functional_call(model, p, (x,))
    loss = nn.functional.cross_entropy(logits, y)
    return {"loss": loss, "acc": (logits.argmax(-1) == y).float().mean()}


def plain_loss(p, x, y):
    return nn.functional.cross_entropy(functional_call(model, p, (x,)), y)


def sgd_step(p, grads, lr=0.1):
    return {k: p[k] - lr * grads[k] for k in p}


if V == 0:
    for step in range(3):
        print(f"step {step}: computing gradients")
        grads = grad(loss_and_logits)(params, x, y)
        params = sgd_step(params, grads)
elif V == 1:
    print(f"meta-learning inner loop on {B} samples")
    g, out = grad_and_value(loss_and_metrics)(params, x, y)
    print("inner loss", out["loss"].item())
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("per_sample")

    def one_sample(p, xi, yi):
        return loss_and_logits(p, xi.unsqueeze(0), yi.unsqueeze(0))

    log.info("per-sample gradients for %d samples, %d parameter tensors", B, len(params))
    per_sample = vmap(grad(one_sample), in_dims=(None, 0, 0))(params, x, y)
    log.info("norms %s", {k: v.norm().item() for k, v in per_sample.items()})
elif V == 3:
    print("training with grad_and_value, has_aux=True")
    for step in range(2):
        grads, (loss, aux) = grad_and_value(plain_loss, has_aux=True)(params, x, y)
        params = sgd_step(params, grads)
        print(f"step {step} loss {loss.item():.4f}")
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("maml")

    class InnerLoop:
        def __init__(self, loss_fn, steps=2, lr=0.05):
            self.loss_fn, self.steps, self.lr = loss_fn, steps, lr

        def adapt(self, p, x, y):
            for s in range(self.steps):
                log.info("inner step %d", s)
                p = sgd_step(p, grad(self.loss_fn)(p, x, y), self.lr)
            return p

    InnerLoop(loss_and_metrics).adapt(params, x, y)
