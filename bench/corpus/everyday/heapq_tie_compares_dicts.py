"""A priority queue / top-k of (score, dict) tuples: two equal scores make Python compare the dicts: '<' not supported between instances of 'dict' and 'dict'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import heapq
import sys
from dataclasses import dataclass

VARIANT = int(sys.argv[1])


@dataclass
class Candidate:
    doc_id: str
    text: str


jobs = [
    {"name": "resize-shard-3", "priority": 2},
    {"name": "train-fold-1", "priority": 1},
    {"name": "eval-fold-1", "priority": 3},
    {"name": "train-fold-2", "priority": 1},
    {"name": "export-onnx", "priority": 5},
]

if VARIANT == 0:
    queue = []
    for job in jobs:
        heapq.heappush(queue, (job["priority"], job))
        print(f"queued {job['name']} (priority {job['priority']})")
    while queue:
        prio, job = heapq.heappop(queue)
        print("running", job["name"])
elif VARIANT == 1:
    scores = {"doc-1": 0.82, "doc-2": 0.75, "doc-3": 0.82, "doc-4": 0.40}
    hits = [(round(s, 2), {"id": d, "score": s}) for d, s in scores.items()]
    for score, hit in sorted(hits, reverse=True)[:3]:
        print(hit["id"], score)
else:
    query_terms = {"loss", "nan"}
    docs = [Candidate("a", "loss goes nan"), Candidate("b", "nan in loss"), Candidate("c", "slow loader")]
    scored = [(-len(query_terms & set(c.text.split())), c) for c in docs]
    best = heapq.nsmallest(2, scored)
    print([c.doc_id for _, c in best])
