"""Closed-form least squares / Newton steps with np.linalg.inv or solve on X.T @ X when the design matrix is rank-deficient (the same category one-hot encoded twice after a merge, a feature that is constant zero in the data, a column that is a multiple of another): numpy.linalg.LinAlgError: Singular matrix."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import logging

import numpy as np
import pandas as pd

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("ols")
rng = np.random.default_rng(0)
n = 600

df = pd.DataFrame({
    "region": rng.choice(["north", "south", "east", "west"], n),
    "sqm": rng.integers(30, 200, n),
    "rooms": rng.integers(1, 6, n),
    "has_pool": 0,  # no listing in this market has a pool
})
df["rooms_x2"] = df["rooms"] * 2
df["region_id"] = df["region"].map({"north": 1, "south": 2, "east": 3, "west": 4})  # joined from the regions table
df["price"] = 1500 * df["sqm"] + 10000 * df["rooms"] + rng.normal(0, 5000, n)


def design(frame, cols, one_hot=None):
    parts = [np.ones((len(frame), 1)), frame[cols].to_numpy(dtype=float)]
    if one_hot:
        parts.append(pd.get_dummies(frame[one_hot].astype(str), dtype=float).to_numpy())
    return np.hstack(parts)


def ols_normal_equations(X, y):
    XtX = X.T @ X
    log.info("X %s, X'X condition number %.3g", X.shape, np.linalg.cond(XtX))
    return np.linalg.inv(XtX) @ X.T @ y


def logistic_newton(X, y, iters=10):
    w = np.zeros(X.shape[1])
    for it in range(iters):
        p = 1 / (1 + np.exp(-X @ w))
        H = X.T @ (X * (p * (1 - p))[:, None])
        w += np.linalg.solve(H, X.T @ (y - p))
        log.info("newton iter %d: log-loss %.4f", it, -np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12)))
    return w


if V == 0:
    X = design(df, ["sqm", "rooms"], one_hot=["region", "region_id"])
    beta = ols_normal_equations(X, df["price"].to_numpy())
elif V == 1:
    X = design(df, ["sqm", "rooms", "has_pool"])
    y = (df["price"] > df["price"].median()).astype(float).to_numpy()
    Xs = X.copy()
    Xs[:, 1:3] = (Xs[:, 1:3] - Xs[:, 1:3].mean(0)) / Xs[:, 1:3].std(0)
    beta = logistic_newton(Xs, y)
else:
    X = design(df, ["sqm", "rooms", "rooms_x2"])
    beta = np.linalg.solve(X.T @ X, X.T @ df["price"].to_numpy())
print(beta)
