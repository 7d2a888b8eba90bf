"""A __str__ / __repr__ / __format__ that prints (or forgets `return`) instead of returning a string: TypeError: __str__ returned non-string (type NoneType)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
log = logging.getLogger("experiment")


class RunSummary:
    def __init__(self, name, metrics):
        self.name = name
        self.metrics = metrics

    def __str__(self):
        parts = ", ".join(f"{k}={v:.3f}" for k, v in self.metrics.items())
        print(f"{self.name}: {parts}")


class Hyperparams(dict):
    def __repr__(self):
        lines = [f"  {k}: {v!r}" for k, v in sorted(self.items())]
        "Hyperparams(\n" + "\n".join(lines) + "\n)"


if V == 0:
    summary = RunSummary("bert-base-lr3e-5", {"f1": 0.8812, "loss": 0.3127})
    with open("report.txt", "w") as f:
        f.write("final run\n")
        f.write(str(summary) + "\n")
elif V == 1:
    hp = Hyperparams(lr=3e-4, batch_size=64, dropout=0.1)
    print(f"starting with {hp!r}")
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    runs = [RunSummary("baseline", {"acc": 0.71}), RunSummary("mixup", {"acc": 0.74})]
    log.info("collected %d runs", len(runs))
    print("\n".join(map(str, runs)))
