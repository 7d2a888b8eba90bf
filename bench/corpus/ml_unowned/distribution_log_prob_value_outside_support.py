"""ValueError: Expected value argument ... to be within the support ... of the distribution: a likelihood loss calls log_prob on targets the distribution cannot produce (averaged or scaled counts for Poisson / NegativeBinomial, smoothed labels for Bernoulli, successes above Binomial's total_count, proportions not summing to 1 for Dirichlet)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 5       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn
from torch.distributions import Bernoulli, Binomial, Dirichlet, NegativeBinomial, Poisson
from torch.utils.data import DataLoader, TensorDataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(V)
n, d = 96, 6
X = torch.randn(n, d)


def train(model, loader, nll, epochs=1):
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for epoch in range(epochs):
        for step, (xb, yb) in enumerate(loader):
            loss = nll(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            print(f"epoch {epoch} step {step} nll {loss.item():.4f}", flush=True)


if V == 0:
    # daily demand counts, but the last weeks were loaded as 7-day averages
    y = torch.poisson(torch.full((n,), 3.0))
    y[64:] = (y[64:] + torch.poisson(torch.full((32,), 3.0))) / 2
    model = nn.Linear(d, 1)
    nll = lambda out, yb: -Poisson(out.squeeze(-1).exp()).log_prob(yb).mean()
    train(model, DataLoader(TensorDataset(X, y), batch_size=32), nll)
elif V == 1:
    counts = torch.poisson(torch.full((n,), 12.0))
    y = counts / counts.max()                     # "normalised" targets kept from the MSE model
    head = nn.Linear(d, 2)

    def nb_nll(out, yb):
        total_count = nn.functional.softplus(out[:, 0]) + 1e-3
        return -NegativeBinomial(total_count, logits=out[:, 1]).log_prob(yb).mean()

    train(head, DataLoader(TensorDataset(X, y), batch_size=48), nb_nll)
elif V == 2:
    y = (X[:, 0] > 0).float()
    y_smooth = y * 0.9 + 0.05                     # label smoothing applied upstream
    clf = nn.Linear(d, 1)
    nll = lambda out, yb: -Bernoulli(logits=out.squeeze(-1)).log_prob(yb).mean()
    train(clf, DataLoader(TensorDataset(X, y_smooth), batch_size=32), nll)
elif V == 3:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("ctr")
    impressions = torch.randint(5, 20, (n,)).float()
    clicks = torch.binomial(impressions, torch.full((n,), 0.3))
    clicks[70:] = torch.randint(20, 30, (n - 70,)).float()   # a join picked up another day's clicks

    class CTRModel(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(d, 1)

        def nll(self, xb, trials, successes):
            dist = Binomial(total_count=trials, logits=self.lin(xb).squeeze(-1))
            return -dist.log_prob(successes).mean()

    m = CTRModel()
    opt = torch.optim.SGD(m.parameters(), lr=0.05)
    loader = DataLoader(TensorDataset(X, impressions, clicks), batch_size=24)
    for step, (xb, tb, sb) in enumerate(loader):
        try:
            loss = m.nll(xb, tb, sb)
        except ValueError:
            log.exception("nll failed at step %d", step)
            raise
        opt.zero_grad()
        loss.backward()
        opt.step()
        log.info("step %d nll %.4f", step, loss.item())
else:
    # share of each product category in a basket, from rounded percentages
    pct = torch.tensor([[33.0, 33.0, 33.0], [50.0, 25.0, 25.0], [20.0, 30.0, 50.0]]).repeat(32, 1)
    y = pct / 100.0
    head = nn.Linear(d, 3)
    nll = lambda out, yb: -Dirichlet(nn.functional.softplus(out) + 1e-3).log_prob(yb).mean()
    train(head, DataLoader(TensorDataset(X, y), batch_size=32, shuffle=False), nll)
