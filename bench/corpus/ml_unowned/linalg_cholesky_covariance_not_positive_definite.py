"""torch.linalg.cholesky on a covariance / kernel matrix that is only positive semi-definite (a GP kernel over duplicated training points without jitter, class covariances of embeddings from fewer samples than dimensions): linalg.cholesky: The factorization could not be completed because the input is not positive-definite."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import logging

import torch

logging.basicConfig(level=logging.INFO, format="%(asctime)s [%(levelname)s] %(message)s")
log = logging.getLogger(__name__)
torch.manual_seed(0)


def rbf(a, b, lengthscale=0.5, variance=1.0):
    return variance * torch.exp(-0.5 * torch.cdist(a, b).pow(2) / lengthscale ** 2)


class ExactGP:
    def __init__(self, noise=0.0):
        self.noise = noise

    def fit(self, x, y):
        K = rbf(x, x) + self.noise * torch.eye(len(x))
        self.L = torch.linalg.cholesky(K)
        self.alpha = torch.cholesky_solve(y.unsqueeze(1), self.L)
        self.x = x
        return self

    def predict(self, xs):
        return (rbf(xs, self.x) @ self.alpha).squeeze(1)


def mahalanobis_fit(features, labels, n_classes):
    """OOD detector: one Gaussian per class over penultimate-layer features."""
    stats = {}
    for c in range(n_classes):
        f = features[labels == c]
        mu = f.mean(0)
        cov = (f - mu).T @ (f - mu) / (len(f) - 1)
        log.info("class %d: %d samples, feature dim %d", c, len(f), f.shape[1])
        stats[c] = (mu, torch.linalg.cholesky(cov))
    return stats


if V == 0:
    # hyper-parameter search evaluations; the optimiser re-proposes points it has already tried
    x = torch.rand(30, 2)
    x = torch.cat([x, x[:10]])  # repeated configurations
    y = torch.sin(6 * x[:, 0]) + x[:, 1]
    log.info("fitting surrogate GP on %d evaluations", len(x))
    gp = ExactGP(noise=0.0).fit(x, y)
    print(gp.predict(torch.rand(5, 2)))
elif V == 1:
    feats = torch.randn(200, 64)
    labels = torch.randint(0, 5, (200,))
    labels[:190] = labels[:190] % 4  # the rare class 4 has only a few samples
    stats = mahalanobis_fit(feats, labels, 5)
else:
    # whitening 128-d sentence embeddings estimated on the first batch of 96 sentences (float32)
    emb = torch.randn(96, 128)
    for step in range(3):
        log.info("step %d: computing whitening transform", step)
        mu = emb.mean(0, keepdim=True)
        cov = torch.cov((emb - mu).T)
        L = torch.linalg.cholesky(cov)
        W = torch.linalg.inv(L)
        emb = (emb - mu) @ W.T
