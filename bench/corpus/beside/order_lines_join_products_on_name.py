"""Order lines from the shop export carry only the product name, so they are joined to the product table on name; the same name exists in several pack sizes."""
# beside: crm-customer-dim-scd2-duplicate-customer-rows
# why: the non-unique key is a product name shared by several SKUs, not a customer_id with SCD type 2 versions in the CRM's dim_customer.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


def product_table():
    rows = [
        ("SKU-001", "Oat Drink", "1l", 1.99),
        ("SKU-002", "Oat Drink", "6x1l", 10.49),
        ("SKU-003", "Espresso Beans", "500g", 7.90),
        ("SKU-004", "Green Tea", "20 bags", 2.49),
        ("SKU-005", "Espresso Beans", "1kg", 14.90),
    ]
    return pd.DataFrame(rows, columns=["sku", "product_name", "pack", "unit_price"])


def order_lines(n):
    rng = np.random.default_rng(VARIANT)
    return pd.DataFrame({"order_id": rng.integers(1, n // 3, n), "product_name": rng.choice(["Oat Drink", "Espresso Beans", "Green Tea"], n), "qty": rng.integers(1, 4, n)})


def price_lines(lines, products):
    priced = lines.merge(products, on="product_name", how="left", validate="many_to_one")
    priced["revenue"] = priced["qty"] * priced["unit_price"]
    return priced


def main():
    lines = order_lines({0: 300, 1: 1200}[VARIANT])
    if VARIANT == 1:
        print(f"{lines.order_id.nunique()} orders, {len(lines)} lines")
    print(price_lines(lines, product_table()).groupby("order_id")["revenue"].sum().describe())


if __name__ == "__main__":
    main()
