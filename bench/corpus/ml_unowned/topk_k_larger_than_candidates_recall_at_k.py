"""topk with k larger than the dimension it selects from (top-5 accuracy on a 3-class task, recall@10 over a 6-item candidate list, k nearest neighbours in a gallery smaller than k): RuntimeError: selected index k out of range."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn

variant = int(sys.argv[1])
torch.manual_seed(0)


def accuracy(output, target, topk=(1,)):
    maxk = max(topk)
    _, pred = output.topk(maxk, 1, True, True)
    correct = pred.t().eq(target.view(1, -1).expand_as(pred.t()))
    return [correct[:k].reshape(-1).float().sum().mul_(100.0 / target.size(0)) for k in topk]


def recall_at_k(scores, relevant, k):
    top = scores.topk(k, dim=-1).indices
    hits = (top.unsqueeze(-1) == relevant.unsqueeze(1)).any(-1).any(-1)
    return hits.float().mean().item()


def knn_predict(query, gallery, gallery_labels, k=20):
    dist = torch.cdist(query, gallery)
    idx = dist.topk(k, largest=False).indices
    return gallery_labels[idx].mode(dim=1).values


if variant == 0:
    model = nn.Linear(16, 3)                      # defect / scratch / ok
    for step in range(3):
        x, y = torch.randn(32, 16), torch.randint(0, 3, (32,))
        top1, top5 = accuracy(model(x), y, topk=(1, 5))
        print(f"step {step}: top1 {top1:.1f} top5 {top5:.1f}")
elif variant == 1:
    for n_candidates in [50, 20, 6]:              # the last query's candidate pool came back short
        scores = torch.randn(4, n_candidates)
        relevant = torch.randint(0, n_candidates, (4, 2))
        print(f"{n_candidates} candidates: recall@10 = {recall_at_k(scores, relevant, 10):.3f}")
else:
    gallery = torch.randn(12, 64)                 # only 12 enrolled identities in the staging index
    labels = torch.arange(12) % 4
    print(knn_predict(torch.randn(5, 64), gallery, labels))
