"""RuntimeError: When use_reentrant=True, torch.utils.checkpoint is incompatible with .grad() or passing an `inputs` parameter to .backward(): a checkpointed model (use_reentrant=True, checkpoint_sequential) differentiated with torch.autograd.grad (a WGAN-GP gradient penalty, a saliency map, an input-gradient regulariser) or backward(inputs=...)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint, checkpoint_sequential

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)
B, D = [(16, 32), (8, 64), (4, 3 * 16 * 16), (12, 24)][V]


class Critic(nn.Module):
    def __init__(self, d, use_ckpt=True):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Sequential(nn.Linear(d if i == 0 else 64, 64), nn.LeakyReLU(0.2)) for i in range(3))
        self.out = nn.Linear(64, 1)
        self.use_ckpt = use_ckpt

    def forward(self, x):
        for block in self.blocks:
            x = checkpoint(block, x, use_reentrant=True) if self.use_ckpt else block(x)
        return self.out(x)


def gradient_penalty(critic, real, fake):
    alpha = torch.rand(real.size(0), 1)
    mixed = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    score = critic(mixed)
    (grads,) = torch.autograd.grad(score.sum(), mixed, create_graph=True)
    return ((grads.norm(2, dim=1) - 1) ** 2).mean()


if V == 0:
    critic = Critic(D)
    opt = torch.optim.Adam(critic.parameters(), lr=1e-4, betas=(0.0, 0.9))
    for step in range(3):
        real, fake = torch.randn(B, D), torch.randn(B, D)
        w_loss = critic(fake).mean() - critic(real).mean()
        print(f"step {step} wasserstein term {w_loss.item():.4f}")
        loss = w_loss + 10.0 * gradient_penalty(critic, real, fake)
        opt.zero_grad()
        loss.backward()
        opt.step()
elif V == 1:
    emb = nn.Embedding(500, D)
    encoder = nn.Sequential(*[nn.Sequential(nn.Linear(D, D), nn.GELU()) for _ in range(4)])
    head = nn.Linear(D, 3)
    ids, y = torch.randint(0, 500, (B, 12)), torch.randint(0, 3, (B,))
    embeds = emb(ids)
    feats = checkpoint_sequential(encoder, 2, embeds, use_reentrant=True)
    loss = nn.functional.cross_entropy(head(feats.mean(1)), y)
    print(f"clean loss {loss.item():.4f}; FGM: gradient w.r.t. the embedding output for the perturbation")
    loss.backward(inputs=[embeds], retain_graph=True)
    delta = 0.5 * embeds.grad / embeds.grad.norm()
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("saliency")
    model = nn.Sequential(nn.Linear(D, 128), nn.ReLU(), nn.Linear(128, 128), nn.ReLU(), nn.Linear(128, 10))

    def saliency(model, images, target):
        images = images.clone().requires_grad_(True)
        logits = checkpoint_sequential(model, 3, images, use_reentrant=True)
        score = logits[torch.arange(len(target)), target].sum()
        (g,) = torch.autograd.grad(score, images)
        return g.abs()

    images = torch.rand(B, D)
    log.info("computing saliency maps for %d images", B)
    maps = saliency(model, images, torch.randint(0, 10, (B,)))
    log.info("max saliency %.4f", maps.max())
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("train_robust")
    critic = Critic(D)
    head_opt = torch.optim.SGD(critic.parameters(), lr=0.01)
    for step in range(2):
        x = torch.randn(B, D, requires_grad=True)
        out = critic(x)
        log.info("step %d: output mean %.4f", step, out.mean().item())
        # input-gradient penalty: keep the score smooth around the data
        (gx,) = torch.autograd.grad(out.sum(), x, create_graph=True)
        loss = out.pow(2).mean() + 0.1 * gx.pow(2).sum(1).mean()
        head_opt.zero_grad()
        loss.backward()
        head_opt.step()
