"""One actor-critic update on replayed actions, log-probabilities taken as log(softmax(logits))."""

import torch
from torch import nn

torch.manual_seed(0)
states = torch.randn(64, 4)
actions = torch.randint(0, 4, (64,))  # from the replay buffer, chosen by an older policy
returns = torch.randn(64) * 100  # raw, unnormalised returns

actor = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 4))
critic = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 1))
with torch.no_grad():
    actor[2].weight.mul_(150)  # the policy has become nearly deterministic

probs = torch.softmax(actor(states), dim=-1)
log_prob = torch.log(probs.gather(1, actions[:, None]).squeeze(1))
advantage = returns - critic(states).squeeze(1).detach()
actor_loss = -(log_prob * advantage).mean()
critic_loss = (critic(states).squeeze(1) - returns).pow(2).mean()
