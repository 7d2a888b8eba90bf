"""statistics.StatisticsError: at least one of the inputs is constant (or x is constant): statistics.correlation / linear_regression over a feature that has a single value in the slice being analysed (a segment, a fold, a day)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import logging
import statistics
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

rows = []
for i in range(40):
    segment = "enterprise" if i % 4 == 0 else "smb"
    rows.append({
        "segment": segment,
        "seats": 500 if segment == "enterprise" else 5 + i % 7,      # contract-fixed for enterprise
        "tickets": 3 + (i * 7) % 11,
        "discount": 0.0 if i < 30 else 0.1 * (i % 3),
        "churned": int((i * 13) % 5 == 0),
    })
with open("accounts.csv", "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0]))
    w.writeheader()
    w.writerows(rows)


def load(path):
    with open(path) as f:
        return [{k: (v if k == "segment" else float(v)) for k, v in r.items()} for r in csv.DictReader(f)]


data = load("accounts.csv")

if V == 0:
    for seg in ("smb", "enterprise"):
        part = [r for r in data if r["segment"] == seg]
        r = statistics.correlation([p["seats"] for p in part], [p["churned"] for p in part])
        print(f"{seg}: corr(seats, churned) = {r:.3f}", flush=True)
elif V == 1:
    def fit_trend(xs, ys):
        slope, intercept = statistics.linear_regression(xs, ys)
        return slope, intercept

    first_month = data[:30]
    print(fit_trend([r["discount"] for r in first_month], [r["tickets"] for r in first_month]))
elif V == 2:
    features = ["tickets", "seats", "discount"]
    train = data[:30]
    for name in features:
        r = statistics.correlation([row[name] for row in train], [row["churned"] for row in train])
        print(f"{name:>10}: {r:+.3f}", flush=True)
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("drift")

    class DriftReport:
        def __init__(self, rows, target="churned"):
            self.rows, self.target = rows, target

        def feature_target_corr(self, feature):
            xs = [r[feature] for r in self.rows]
            ys = [r[self.target] for r in self.rows]
            return statistics.correlation(xs, ys)

    report = DriftReport([r for r in data if r["segment"] == "enterprise"])
    for feat in ("tickets", "seats"):
        try:
            log.info("%s vs churned: %.3f", feat, report.feature_target_corr(feat))
        except statistics.StatisticsError:
            log.exception("correlation for %s failed", feat)
            raise
