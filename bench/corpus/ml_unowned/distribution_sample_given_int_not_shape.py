"""TypeError: 'int' object is not iterable: torch.distributions .sample(n) / .rsample(n) given an int sample count where a shape is expected (sample((n,)) or sample(torch.Size([n])))."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn
from torch.distributions import Categorical, Dirichlet, Normal

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)
latent = [8, 16, 4, 8][V]

decoder = nn.Sequential(nn.Linear(latent, 32), nn.ReLU(), nn.Linear(32, 28 * 28), nn.Sigmoid())

if V == 0:
    prior = Normal(torch.zeros(latent), torch.ones(latent))
    z = prior.sample(16)                      # 16 images from the prior
    print(decoder(z).view(-1, 28, 28).shape)
elif V == 1:
    class BayesLinear(nn.Module):
        def __init__(self, n_in, n_out):
            super().__init__()
            self.mu = nn.Parameter(torch.zeros(n_out, n_in))
            self.log_sigma = nn.Parameter(torch.full((n_out, n_in), -3.0))

        def forward(self, x, n_samples=4):
            w = Normal(self.mu, self.log_sigma.exp()).rsample(n_samples)
            return torch.einsum("bi,soi->sbo", x, w).mean(0)

    layer = BayesLinear(latent, 3)
    for step in range(2):
        print(f"step {step}", flush=True)
    print(layer(torch.randn(5, latent)).shape)
elif V == 2:
    logits = torch.randn(32, 5)
    policy = Categorical(logits=logits)

    def mc_estimate(dist, reward_fn, n):
        actions = dist.sample(n)
        return reward_fn(actions).float().mean()

    print(mc_estimate(policy, lambda a: (a == 2), 100))
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("synthetic")
    n_classes = 4
    log.info("drawing class priors for %d synthetic tasks", 50)
    try:
        priors = Dirichlet(torch.full((n_classes,), 0.5)).sample(50)
    except TypeError:
        log.exception("sampling class priors failed")
        raise
    log.info("mean prior %s", priors.mean(0))
