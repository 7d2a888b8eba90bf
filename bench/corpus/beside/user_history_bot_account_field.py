"""The session export keeps each user's viewed SKUs in one history column; a crawler account with tens of thousands of page views makes that cell huge."""
# beside: catalog-csv-base64-thumbnail-field-limit
# why: the oversized field is one bot account's click history list, not a base64 thumbnail in the catalog export.
EXPECT = []
VARIANTS = 3

import csv
import random
import sys

VARIANT = int(sys.argv[1])
random.seed(VARIANT)


def write_sessions(path, n_users, bot_views):
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["user_id", "n_sessions", "history"])
        for u in range(n_users):
            views = bot_views if u == n_users // 2 else random.randint(1, 60)
            history = "|".join(f"SKU{random.randint(0, 99999):05d}" for _ in range(views))
            w.writerow([f"u{u:05d}", random.randint(1, 9), history])


def load_histories(path):
    out = {}
    with open(path, newline="") as fh:
        for i, row in enumerate(csv.DictReader(fh)):
            if VARIANT == 2 and i % 100 == 0:
                print(f"read {i} users")
            out[row["user_id"]] = row["history"].split("|")
    return out


def build_cooccurrence(path):
    histories = load_histories(path)
    return sum(len(h) for h in histories.values())


def main():
    path = {0: "sessions_export.csv", 1: "exports/sessions_2024-06.csv", 2: "sessions_export.csv"}[VARIANT]
    if "/" in path:
        import os

        os.makedirs(os.path.dirname(path), exist_ok=True)
    write_sessions(path, {0: 300, 1: 800, 2: 350}[VARIANT], {0: 30_000, 1: 52_000, 2: 24_000}[VARIANT])
    if VARIANT == 1:
        print(build_cooccurrence(path))
    else:
        load_histories(path)


if __name__ == "__main__":
    main()
