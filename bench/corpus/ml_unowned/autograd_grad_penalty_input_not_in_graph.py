"""torch.autograd.grad with respect to an input that the output was not computed from (a WGAN-GP critic run on a detached copy, a saliency map through a numpy normalisation, a time input the network never uses): The differentiated Tensor at index N appears to not have been used in the graph."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import torch
from torch import nn

variant = int(sys.argv[1])
torch.manual_seed(0)


class Critic(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 64), nn.LeakyReLU(0.2), nn.Linear(64, 1))

    def forward(self, x):
        return self.net(x)


def critic_score(critic, x):
    return critic(x.detach().float())      # keep the critic out of the generator's graph


def gradient_penalty(critic, real, fake):
    alpha = torch.rand(real.size(0), 1)
    interp = (alpha * real + (1 - alpha) * fake).requires_grad_(True)
    scores = critic_score(critic, interp)
    grads, = torch.autograd.grad(scores.sum(), interp, create_graph=True)
    return ((grads.norm(2, dim=1) - 1) ** 2).mean()


def normalise(img, mean=0.45, std=0.225):
    arr = (img.detach().numpy() - mean) / std
    return torch.from_numpy(arr).float()


def saliency(model, img, target):
    img = img.clone().requires_grad_(True)
    score = model(normalise(img))[0, target]
    grad, = torch.autograd.grad(score, img)
    return grad.abs().amax(dim=1)


class HeatSurrogate(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, 32), nn.Tanh(), nn.Linear(32, 1))

    def forward(self, x, t):
        return self.net(torch.cat([x, x ** 2], dim=1))   # t dropped when inputs were refactored


if variant == 0:
    critic = Critic(16)
    for it in range(3):
        real, fake = torch.randn(32, 16), torch.randn(32, 16)
        w_dist = critic(real).mean() - critic(fake).mean()
        print(f"iter {it} wasserstein {w_dist.item():.4f}")
    gp = gradient_penalty(critic, real, fake)
elif variant == 1:
    cnn = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 5))
    img = torch.from_numpy(np.random.default_rng(0).random((1, 3, 32, 32))).float()
    print("saliency map", saliency(cnn, img, target=2).shape)
else:
    model = HeatSurrogate()
    x = torch.rand(64, 1, requires_grad=True)
    t = torch.rand(64, 1, requires_grad=True)
    u = model(x, t)
    du_dx, du_dt = torch.autograd.grad(u.sum(), [x, t], create_graph=True)
    residual = du_dt - 0.1 * du_dx
    print(residual.pow(2).mean())
