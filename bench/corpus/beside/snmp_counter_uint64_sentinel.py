"""The network exporter reports bytes_out as 2**64 - 1 when a counter is unavailable; the capacity job stores the readings in an int64 array."""
# beside: merchant-id-hash-16-hex-digits-overflows-int64
# why: the out-of-range value is an upstream exporter's "unknown" sentinel, not a hash the user's feature code builds from 16 hex digits.
EXPECT = []
VARIANTS = 2

import csv
import logging
import sys

import numpy as np

VARIANT = int(sys.argv[1])
UNKNOWN = 2**64 - 1


def write_export(n):
    rng = np.random.default_rng(VARIANT)
    with open("interfaces.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["switch", "port", "bytes_out"])
        for i in range(n):
            value = UNKNOWN if i % 37 == 5 else int(rng.integers(10**6, 10**12))
            w.writerow([f"sw{i // 48}", i % 48, value])


def main():
    write_export({0: 96, 1: 480}[VARIANT])
    with open("interfaces.csv") as fh:
        rows = list(csv.DictReader(fh))
    bytes_out = np.zeros(len(rows), dtype=np.int64)
    for i, row in enumerate(rows):
        bytes_out[i] = int(row["bytes_out"])
    print(f"total egress: {bytes_out.sum() / 1e12:.2f} TB")


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s capacity: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("capacity report failed")
            sys.exit(1)
    else:
        main()
