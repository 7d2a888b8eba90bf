"""Segment / graph pooling with scatter_add_ into a float32 buffer while the node features are float64 (from numpy or pandas): scatter(): Expected self.dtype to be equal to src.dtype."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
import torch
from torch.utils.data import DataLoader, Dataset

variant = int(sys.argv[1])
rng = np.random.default_rng(0)


def segment_mean(x, segment_ids, n_segments):
    d = x.shape[1]
    sums = torch.zeros(n_segments, d)
    counts = torch.zeros(n_segments, 1)
    sums.scatter_add_(0, segment_ids.unsqueeze(1).expand(-1, d), x)
    counts.scatter_add_(0, segment_ids.unsqueeze(1), torch.ones(len(x), 1))
    return sums / counts.clamp(min=1)


def graph_readout(node_feats, graph_index):
    n_graphs = int(graph_index.max()) + 1
    return segment_mean(node_feats, graph_index, n_graphs)


class MoleculeGraphs(Dataset):
    def __init__(self, n):
        self.sizes = rng.integers(5, 12, n)

    def __len__(self):
        return len(self.sizes)

    def __getitem__(self, i):
        atoms = pd.DataFrame({"charge": rng.normal(size=self.sizes[i]), "mass": rng.uniform(1, 30, self.sizes[i])})
        return torch.tensor(atoms.values)


def collate_graphs(graphs):
    index = torch.cat([torch.full((len(g),), i, dtype=torch.long) for i, g in enumerate(graphs)])
    return graph_readout(torch.cat(graphs), index)


if __name__ == "__main__":
    if variant == 0:
        feats = torch.from_numpy(rng.normal(size=(30, 16)))
        seg = torch.from_numpy(rng.integers(0, 4, 30))
        print(segment_mean(feats, seg, 4).shape)
    elif variant == 1:
        session_events = torch.from_numpy(rng.random((120, 8)))
        session_id = torch.sort(torch.randint(0, 10, (120,))).values
        print("pooling", tuple(session_events.shape), "into sessions")
        pooled = graph_readout(session_events, session_id)
    else:
        loader = DataLoader(MoleculeGraphs(16), batch_size=4, num_workers=2, collate_fn=collate_graphs)
        for step, pooled in enumerate(loader):
            print(f"batch {step}: {tuple(pooled.shape)}")
