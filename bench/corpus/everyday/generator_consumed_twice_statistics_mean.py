"""A generator of parsed values is consumed by a first pass (count, max), so statistics.mean/median/stdev gets nothing: StatisticsError."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import statistics
import sys

VARIANT = int(sys.argv[1])

log = logging.getLogger("latency_report")

with open("requests.log", "w") as f:
    for i in range(240):
        f.write(f"2024-05-0{1 + i % 7}T10:{i % 60:02d}:00 GET /predict 200 {12 + (i * 37) % 95}ms\n")


def read_latencies(path):
    with open(path) as f:
        for line in f:
            yield int(line.rsplit(" ", 1)[1].rstrip("ms\n"))


def summary(latencies):
    if VARIANT == 0:
        print(f"requests: {sum(1 for _ in latencies)}")
        return {"mean_ms": statistics.mean(latencies)}
    if VARIANT == 1:
        print(f"slowest: {max(latencies)} ms")
        return {"p50_ms": statistics.median(latencies)}
    ok = [ms for ms in latencies if ms < 100]
    print(f"kept {len(ok)} requests under 100 ms")
    return {"mean_ms": statistics.fmean(ok), "std_ms": statistics.stdev(latencies)}


if VARIANT == 2:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        log.info("reading requests.log")
        log.info("summary %s", summary(read_latencies("requests.log")))
    except Exception:
        log.exception("latency report failed")
        sys.exit(1)
else:
    print(summary(read_latencies("requests.log")))
