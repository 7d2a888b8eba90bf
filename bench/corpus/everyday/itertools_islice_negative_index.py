"""ValueError from itertools.islice given a negative start (a "tail"), a float stop read from an env var, or a step computed as 0."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import itertools
import json
import os
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def write_metrics_log(path, steps):
    with open(path, "w") as f:
        for step in range(steps):
            f.write(json.dumps({"step": step * 50, "loss": round(2.0 / (step + 1), 4)}) + "\n")


def last_records(path, n):
    with open(path) as f:
        return [json.loads(line) for line in itertools.islice(f, -n, None)]


def preview(rows, limit):
    return list(itertools.islice(rows, 0, limit))


def every_nth_batch(batches, eval_every, batch_size):
    stride = int(eval_every / batch_size)
    return itertools.islice(batches, 0, None, stride)


if V == 0:
    write_metrics_log("metrics.jsonl", 40)
    tail = last_records("metrics.jsonl", 5)
    print("final loss", tail[-1]["loss"])
elif V == 1:
    os.environ.setdefault("PREVIEW_ROWS", "1e3")
    rows = ({"id": i, "text": f"review {i}"} for i in range(5000))
    limit = float(os.environ["PREVIEW_ROWS"])
    print(f"previewing up to {limit} rows")
    for r in preview(rows, limit)[:3]:
        print(r)
else:
    batches = ([i] * 4 for i in range(100))
    for epoch in range(1, 3):
        print(f"epoch {epoch}/2 done, running periodic eval", flush=True)
    picked = every_nth_batch(batches, eval_every=8, batch_size=32)
    print(sum(len(b) for b in picked))
