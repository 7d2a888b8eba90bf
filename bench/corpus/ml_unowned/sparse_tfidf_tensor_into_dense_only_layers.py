"""NotImplementedError: Could not run 'aten::native_batch_norm' with arguments from the 'SparseCPU' backend (or aten::bernoulli_ / aten::view, or: Concatenating sparse tensors, but a dense tensor was found): TF-IDF features kept as a torch sparse COO tensor and sent through layers or ops that only take dense tensors."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import torch
from sklearn.feature_extraction.text import TfidfVectorizer
from torch import nn

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)
rng = np.random.default_rng(V)
WORDS = "refund late delivery broken screen charger invoice login password reset app crash slow support thanks order".split()
N = [40, 64, 32, 48][V]
texts = [" ".join(rng.choice(WORDS, size=rng.integers(3, 9))) for _ in range(N)]
labels = torch.tensor(rng.integers(0, 3, N))


def to_torch_sparse(m):
    coo = m.tocoo()
    idx = torch.tensor(np.vstack([coo.row, coo.col]), dtype=torch.long)
    return torch.sparse_coo_tensor(idx, torch.tensor(coo.data, dtype=torch.float32), coo.shape).coalesce()


vec = TfidfVectorizer(min_df=1)
X = to_torch_sparse(vec.fit_transform(texts))
print(f"tfidf: {X.shape[0]} docs x {X.shape[1]} terms, nnz={X._nnz()}")

if V == 0:
    model = nn.Sequential(nn.Dropout(0.2), nn.Linear(X.shape[1], 32), nn.ReLU(), nn.Linear(32, 3))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss = nn.functional.cross_entropy(model(X), labels)
    loss.backward()
    opt.step()
elif V == 1:
    n_chars = torch.tensor([[len(t) / 50.0] for t in texts])
    n_words = torch.tensor([[len(t.split()) / 10.0] for t in texts])
    print("numeric features", tuple(n_chars.shape), tuple(n_words.shape))
    features = torch.cat([X, n_chars, n_words], dim=1)
    print(features.shape)
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("ticket_clf")

    class TicketClassifier(nn.Module):
        def __init__(self, n_terms, n_classes=3):
            super().__init__()
            self.bn = nn.BatchNorm1d(n_terms)     # standardise the term weights
            self.fc = nn.Linear(n_terms, n_classes)

        def forward(self, x):
            return self.fc(self.bn(x))

    model = TicketClassifier(X.shape[1])
    for step, start in enumerate(range(0, N, 16)):
        idx = torch.arange(start, min(start + 16, N))
        batch = X.index_select(0, idx)
        log.info("batch %d: %s sparse rows", step, tuple(batch.shape))
        loss = nn.functional.cross_entropy(model(batch), labels[idx])
        log.info("batch %d loss %.4f", step, loss.item())
else:
    class Encoder(nn.Module):
        def __init__(self, n_terms):
            super().__init__()
            self.fc = nn.Linear(n_terms, 16)

        def forward(self, x):
            x = x.view(x.shape[0], -1)
            return torch.tanh(self.fc(x))

    emb = Encoder(X.shape[1])(X)
    print("embeddings", tuple(emb.shape))
