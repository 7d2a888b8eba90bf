"""PCA/TruncatedSVD asked for more components than min(n_samples, n_features) on a small batch of embeddings: n_components must be between ..."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
from sklearn.decomposition import PCA, TruncatedSVD

variant = int(sys.argv[1])
n_samples, dim, k = [(20, 768, 50), (8, 64, 16), (100, 10, 12)][variant]
embeddings = np.random.randn(n_samples, dim).astype(np.float32)
print(f"reducing {embeddings.shape} embeddings to {k} dims for the t-SNE plot")
if variant == 2:
    reduced = TruncatedSVD(n_components=k).fit_transform(embeddings)
else:
    reduced = PCA(n_components=k, svd_solver="full").fit_transform(embeddings)
