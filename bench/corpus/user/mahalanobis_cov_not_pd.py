"""OOD detector fits a per-class covariance on penultimate features; with fewer samples than feature dims Cholesky fails."""
EXPECT = ["ood-mahalanobis-class-covariance-fewer-samples-than-dims"]
VARIANTS = 4

import logging
import sys

import torch

VARIANT = int(sys.argv[1])


class MahalanobisOOD:
    def fit(self, feats, labels, classes):
        self.means = []
        self.chol = []
        for c in range(classes):
            fc = feats[labels == c]
            mu = fc.mean(0)
            centered = fc - mu
            cov = centered.T @ centered / (len(fc) - 1)
            self.means.append(mu)
            self.chol.append(torch.linalg.cholesky(cov))
        return self

    def score(self, x):
        d = []
        for mu, L in zip(self.means, self.chol):
            z = torch.linalg.solve_triangular(L, (x - mu).T, upper=False)
            d.append((z * z).sum(0))
        return torch.stack(d, 1).min(1).values


def penultimate_features(n, dim, classes, seed):
    g = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, classes, (n,), generator=g)
    centers = torch.randn(classes, dim, generator=g) * 3
    return centers[labels] + torch.randn(n, dim, generator=g).double(), labels


def main():
    n, dim, classes = {0: (600, 128, 10), 1: (2000, 512, 20), 2: (300, 64, 8), 3: (1000, 256, 12)}[VARIANT]
    feats, labels = penultimate_features(n, dim, classes, VARIANT)
    feats = feats.double()
    if VARIANT == 3:
        print(f"calibration set: {n} samples, feature dim {dim}, {classes} classes")
        print("fitting class-conditional Gaussians ...")
    det = MahalanobisOOD().fit(feats, labels, classes)
    print(det.score(feats[:5]))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s ood: %(message)s")
        logging.info("extracted penultimate features from val split")
        try:
            main()
        except Exception:
            logging.exception("OOD detector fit failed")
            sys.exit(1)
    else:
        main()
