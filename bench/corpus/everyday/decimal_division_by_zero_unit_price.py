"""decimal.DivisionByZero: [<class 'decimal.DivisionByZero'>]: a price feature computed with Decimal (unit price = amount / quantity, margin = profit / revenue) meets a line whose quantity or revenue is 0 (an exchange line that keeps only its fee, a bundle component, a region with no revenue yet)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import logging
import sys
from decimal import ROUND_HALF_UP, Decimal

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
CENT = Decimal("0.01")

lines = [
    ("A-1001", "SKU-77", "19.98", "2"),
    ("A-1001", "SKU-12", "4.50", "1"),
    ("A-1002", "SKU-90", "120.00", "3"),
    ("A-1003", "SKU-15", "7.50", "0"),        # exchange line: shipping fee kept, quantity 0
    ("A-1004", "SKU-77", "9.99", "1"),
]
if V == 1:
    lines[3] = ("A-1003", "SKU-15", "15.00", "0")    # bundle component booked with quantity 0
with open("order_lines.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["order_id", "sku", "amount", "qty"])
    w.writerows(lines)


def read_lines(path):
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            yield row["order_id"], row["sku"], Decimal(row["amount"]), Decimal(row["qty"])


if V in (0, 1):
    for order_id, sku, amount, qty in read_lines("order_lines.csv"):
        unit = (amount / qty).quantize(CENT, rounding=ROUND_HALF_UP)
        print(f"{order_id} {sku}: {qty} x {unit}")
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("margins")
    revenue = {"north": Decimal("1520.40"), "south": Decimal("980.00"), "online": Decimal("0.00")}
    profit = {"north": Decimal("310.20"), "south": Decimal("150.75"), "online": Decimal("-12.30")}

    def margin(region):
        return (profit[region] / revenue[region] * 100).quantize(Decimal("0.1"))

    for region in revenue:
        log.info("%s margin %s%%", region, margin(region))
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("basket_features")

    class BasketFeatures:
        def __init__(self):
            self.spend, self.items = {}, {}

        def add(self, order_id, amount, qty):
            self.spend[order_id] = self.spend.get(order_id, Decimal(0)) + amount
            self.items[order_id] = self.items.get(order_id, Decimal(0)) + qty

        def avg_item_price(self, order_id):
            return self.spend[order_id] / self.items[order_id]

    feats = BasketFeatures()
    for order_id, sku, amount, qty in read_lines("order_lines.csv"):
        feats.add(order_id, amount, qty)
    for order_id in feats.spend:
        log.info("%s avg item price %s", order_id, feats.avg_item_price(order_id).quantize(CENT))
