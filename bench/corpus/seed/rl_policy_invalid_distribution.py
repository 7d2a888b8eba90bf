"""Policy-gradient updates with an unclamped log-prob / log-std: probs turn NaN or the Gaussian std collapses to 0, torch.distributions rejects them."""
EXPECT = ["rl-log-prob-not-clamped"]
VARIANTS = 3

import sys

import torch
import torch.nn as nn
from torch.distributions import Categorical, Normal

v = int(sys.argv[1])
torch.manual_seed(v)
obs_dim, n_act = 8, [4, 2, 3][v]


class Actor(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, 64), nn.ReLU())
        self.fc_out = nn.Linear(64, n_act)
        self.log_std = nn.Parameter(torch.zeros(n_act))
        self.std_head = nn.Linear(64, n_act)

    def dist(self, obs):
        h = self.body(obs)
        if v == 0:
            return Categorical(probs=torch.softmax(self.fc_out(h), -1))
        log_std = self.log_std if v == 1 else self.std_head(h)     # never clamped to [-20, 2]
        return Normal(self.fc_out(h), log_std.exp())


actor = Actor()
opt = torch.optim.Adam(actor.parameters(), lr=[0.05, 1.0, 0.3][v])
obs = torch.randn(64, obs_dim)                                     # replay batch, reused every epoch
act, adv = torch.randint(0, n_act, (64,)), torch.randn(64)
for update in range(1000):
    d = actor.dist(obs)
    if v == 0:
        logp = torch.log(d.probs.gather(1, act[:, None]).squeeze(1))    # log(0) = -inf once a prob underflows
    else:
        act = d.mean.detach()                                       # greedy actions stored as the "taken" ones
        logp = d.log_prob(act).sum(-1)
        adv = adv.abs()
    loss = -(logp * adv).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    if update % 10 == 0:
        print(f"update {update} loss {loss.item():.4g} min log_prob {logp.min().item():.4g} "
              f"actor.fc_out grad {actor.fc_out.weight.grad.norm():.3g}")
