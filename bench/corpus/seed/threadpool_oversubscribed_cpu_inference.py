"""CPU inference fanned out over ThreadPoolExecutor(max_workers=64) on a few cores: every request's forward slows down many times over and callers wait in Future.result; the latency SLO check (or the result timeout) fails."""
EXPECT = ["threadpool-max-workers-starvation"]
VARIANTS = 3

import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import torch
import torch.nn as nn

v = int(sys.argv[1])
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(768, 3072), nn.GELU(), nn.Linear(3072, 768), nn.GELU(), nn.Linear(768, 4)).eval()
executor = ThreadPoolExecutor(max_workers=[64, 100, 48][v])   # "one thread per concurrent request"


def infer(batch):
    t0 = time.perf_counter()
    with torch.inference_mode():
        for _ in range(6):
            out = model(batch)
    return out.argmax(1), time.perf_counter() - t0


requests = [torch.randn(32, 768) for _ in range([64, 100, 48][v])]
_, baseline = infer(requests[0])
print(f"cpus={os.cpu_count()} torch threads={torch.get_num_threads()} pool={executor._max_workers}")
print(f"single request forward: {baseline * 1000:.1f} ms")
futures = [executor.submit(infer, r) for r in requests]
if v == 2:
    deadline = time.perf_counter() + 0.5                    # the gateway's 500 ms budget
    for i, f in enumerate(futures):
        labels, took = f.result(timeout=max(0.0, deadline - time.perf_counter()))
        print(f"request {i}: {took * 1000:.0f} ms")
times = sorted(f.result()[1] for f in futures)
p50, p99 = times[len(times) // 2], times[int(len(times) * 0.99) - 1]
print(f"forward time under load: p50 {p50 * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms")
assert p99 < 5 * baseline, f"p99 forward {p99 * 1000:.0f} ms under load vs {baseline * 1000:.0f} ms alone: SLO is 5x"
