"""numpy.linalg.LinAlgError: Singular matrix / Matrix is not positive definite in user statistics code."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
rng = np.random.default_rng(0)
base = rng.normal(size=(200, 3))
# one-hot flag for a category that never occurs in this sample: an all-zero column
X = np.column_stack([base, np.zeros(len(base))])


def mahalanobis(x, data):
    inv = np.linalg.inv(np.cov(data, rowvar=False))
    d = x - data.mean(axis=0)
    return float(np.sqrt(d @ inv @ d))


def least_squares(a, b):
    return np.linalg.solve(a.T @ a, a.T @ b)


print(f"features {X.shape}")
if V == 0:
    print("distance", mahalanobis(X[0], X))
elif V == 1:
    y = X @ np.array([1.0, 2.0, 3.0, 0.5])
    print("coef", least_squares(X, y))
else:
    cov = np.array([[1.0, 2.0], [2.0, 1.0]])
    print("cholesky", np.linalg.cholesky(cov))
