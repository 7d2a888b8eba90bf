"""The order-lines API returns legacy promo codes as JSON numbers (1150) next to string codes ("BF24-10"); the Black Friday report filters lines on promo_code.str.startswith("BF")."""
EXPECT = ["order-lines-api-numeric-legacy-promo-codes"]
VARIANTS = 4

import json
import logging
import os
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def fetch_order_lines(day, n, seed):
    """Saved response of GET /v1/order-lines?date=... (legacy POS codes come back as numbers)."""
    rng = np.random.default_rng(seed)
    codes = ["BF24-10", "BF24-25", "WELCOME5", None, None, None, 1150, 2210]
    lines = [
        {
            "order_id": 70000 + i,
            "sku": f"SKU-{rng.integers(100, 999)}",
            "qty": int(rng.integers(1, 4)),
            "net": round(float(rng.uniform(5, 120)), 2),
            "promo_code": codes[int(rng.integers(0, len(codes)))],
        }
        for i in range(n)
    ]
    os.makedirs("raw/order_lines", exist_ok=True)
    path = f"raw/order_lines/{day}.json"
    with open(path, "w") as fh:
        json.dump({"date": day, "lines": lines}, fh)
    return path


def load_lines(path):
    with open(path) as fh:
        return pd.DataFrame(json.load(fh)["lines"])


def black_friday_lines(lines):
    return lines[lines["promo_code"].str.startswith("BF")]


def main():
    if VARIANT == 3:
        frames = []
        for i, day in enumerate(["2024-11-29", "2024-11-30", "2024-12-01"]):
            frames.append(load_lines(fetch_order_lines(day, 400, i)))
            print(f"{day}: {len(frames[-1])} order lines")
        lines = pd.concat(frames, ignore_index=True)
    else:
        lines = load_lines(fetch_order_lines("2024-11-29", {0: 300, 1: 1200, 2: 500}[VARIANT], VARIANT))
    if VARIANT == 1:
        bf = lines.loc[lines["promo_code"].str.contains("BF24"), ["order_id", "net"]]
    else:
        bf = black_friday_lines(lines)
    print(f"black friday revenue: {bf['net'].sum():.2f}")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s bf_report: %(message)s")
        logging.info("building black friday promo report")
        try:
            main()
        except Exception:
            logging.exception("report failed")
            sys.exit(1)
    else:
        main()
