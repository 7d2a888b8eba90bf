"""Finance's revenue export formats amounts with thousands separators ("1,234.50") and quotes them; the loader parses with np.loadtxt as plain floats."""
EXPECT = ["finance-revenue-export-thousands-separator"]
VARIANTS = 3

import sys

import numpy as np

VARIANT = int(sys.argv[1])


def write_export(path, n):
    rng = np.random.default_rng(VARIANT)
    with open(path, "w") as fh:
        fh.write("day;store;revenue\n")
        for i in range(n):
            amount = rng.uniform(50, 5000) if i != n // 2 else 1234.5 + 1000 * VARIANT
            fh.write(f"{i};{i % 7};{amount:,.2f}\n")


def load_revenue(path):
    return np.loadtxt(path, delimiter=";", skiprows=1, dtype=float)


def main():
    path = {0: "revenue_2024-05.csv", 1: "revenue_q2.csv", 2: "revenue_2024-05.csv"}[VARIANT]
    write_export(path, {0: 30, 1: 91, 2: 30}[VARIANT])
    if VARIANT == 1:
        np.genfromtxt(path, delimiter=";", skip_header=1, dtype=float, invalid_raise=True)
        data = np.loadtxt(path, delimiter=";", skiprows=1, usecols=(2,))
    elif VARIANT == 2:
        print(f"loading {path}")
        data = load_revenue(path)
        print(f"total revenue {data[:, 2].sum():.2f}")
    else:
        load_revenue(path)


if __name__ == "__main__":
    main()
