"""tensor.gather with an index that lacks the trailing dimension (DQN actions of shape (B,), token labels of shape (B, T) against (B, T, V) log-probs): Index tensor must have the same number of dimensions as input tensor."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import random
import sys
from collections import deque

import torch
from torch import nn

variant = int(sys.argv[1])
torch.manual_seed(0)
random.seed(0)


class QNet(nn.Module):
    def __init__(self, obs_dim, n_actions):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_dim, 64), nn.ReLU(), nn.Linear(64, n_actions))

    def forward(self, obs):
        return self.net(obs)


def td_loss(q_net, target_net, batch, gamma=0.99):
    obs, actions, rewards, next_obs, done = batch
    q_taken = q_net(obs).gather(1, actions)
    with torch.no_grad():
        target = rewards + gamma * (1 - done) * target_net(next_obs).max(1).values
    return nn.functional.smooth_l1_loss(q_taken.squeeze(1), target)


def sequence_log_likelihood(logits, labels):
    logp = logits.log_softmax(-1)
    return logp.gather(2, labels).squeeze(-1).sum(-1)


if variant == 0:
    obs_dim, n_actions = 8, 4
    q, tgt = QNet(obs_dim, n_actions), QNet(obs_dim, n_actions)
    buffer = deque(maxlen=1000)
    for t in range(200):
        buffer.append((torch.randn(obs_dim), random.randrange(n_actions), random.random(), torch.randn(obs_dim), float(t % 50 == 49)))
        if t % 50 == 0:
            print(f"env step {t}, buffer {len(buffer)}")
    sample = random.sample(list(buffer), 32)
    batch = (torch.stack([s[0] for s in sample]), torch.tensor([s[1] for s in sample]),
             torch.tensor([s[2] for s in sample]), torch.stack([s[3] for s in sample]), torch.tensor([s[4] for s in sample]))
    loss = td_loss(q, tgt, batch)
elif variant == 1:
    logits = torch.randn(4, 12, 50, requires_grad=True)
    labels = torch.randint(0, 50, (4, 12))
    print("rescoring 4 hypotheses of 12 tokens")
    scores = sequence_log_likelihood(logits, labels)
else:
    policy = nn.Sequential(nn.Linear(6, 32), nn.Tanh(), nn.Linear(32, 3))
    states, actions, returns = torch.randn(64, 6), torch.randint(0, 3, (64,)), torch.randn(64)
    for epoch in range(2):
        log_probs = policy(states).log_softmax(-1)
        chosen = log_probs.gather(-1, actions)
        loss = -(chosen * returns).mean()
        print(f"epoch {epoch} loss {loss.item():.4f}")
