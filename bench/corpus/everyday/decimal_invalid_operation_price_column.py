"""decimal.InvalidOperation building price features with Decimal: a comma decimal separator, a currency sign, an empty cell, quantize() of a value too large for the context."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import logging
import sys
from decimal import ROUND_HALF_UP, Decimal, getcontext

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("features")

ROWS = [
    [("sku-1", "19.99"), ("sku-2", "5.00"), ("sku-3", "12,50")],
    [("sku-1", "19.99"), ("sku-2", "$7.25"), ("sku-3", "3.10")],
    [("sku-1", "19.99"), ("sku-2", "5.00"), ("sku-3", "1e30")],
][V]

with open("prices.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["sku", "price"])
    w.writerows(ROWS)


def to_cents(price):
    return (Decimal(price) * 100).quantize(Decimal("1"), rounding=ROUND_HALF_UP)


def normalise_price(raw):
    getcontext().prec = 12
    return Decimal(raw).quantize(Decimal("0.01"))


def load_prices(path, parse):
    out = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            out[row["sku"]] = parse(row["price"])
            log.info("parsed %s -> %s", row["sku"], out[row["sku"]])
    return out


if V in (0, 1):
    cents = load_prices("prices.csv", to_cents)
    print(sum(cents.values()))
else:
    prices = load_prices("prices.csv", normalise_price)
    print(max(prices.values()))
