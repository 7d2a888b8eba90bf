EXPECT = []
VARIANTS = 3

# Latency buckets for a service report: the number of buckets comes from a config where it is
# computed from a bucket width in percent that is wider than the range.
import json
import random
import statistics
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

REPORT = [
    {"endpoint": "/predict", "bucket_width_pct": 150},
    {"endpoint": "/health", "buckets": 0},
    {"endpoint": "/batch", "bucket_width_pct": 200, "method": "inclusive"},
][V]


def n_buckets(report):
    if "buckets" in report:
        return report["buckets"]
    return 100 // report["bucket_width_pct"]


def main():
    with open("report.json", "w") as f:
        json.dump(REPORT, f)
    report = json.load(open("report.json"))
    rng = random.Random(1)
    latencies = [rng.lognormvariate(3.0, 0.6) for _ in range(500)]
    print(f"{report['endpoint']}: {len(latencies)} requests, mean {statistics.fmean(latencies):.1f} ms")
    cuts = statistics.quantiles(latencies, n=n_buckets(report), method=report.get("method", "exclusive"))
    print("bucket edges:", [round(c, 1) for c in cuts])


if __name__ == "__main__":
    main()
