"""IndexError: pop from an empty list / deque / heap in a work queue."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import heapq
import sys
from collections import deque

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

jobs = ["prep", "train", "eval"]

if V == 0:
    for _ in range(4):
        print("running", jobs.pop())
elif V == 1:
    q = deque(jobs)
    while True:
        print("running", q.popleft())
else:
    heap = [(3, "eval"), (1, "prep")]
    heapq.heapify(heap)
    for _ in range(3):
        print(heapq.heappop(heap))
