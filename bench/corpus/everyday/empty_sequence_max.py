"""ValueError / StatisticsError from max(), min() or mean() of an empty sequence."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import statistics
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

history = [{"epoch": e, "val_acc": 0.5 + 0.1 * e} for e in range(3)]
accs = (h["val_acc"] for h in history)
print("epochs run:", len(history), "accs:", list(accs))

if V == 0:
    print("best", max(accs))  # generator already consumed
elif V == 1:
    print("mean", statistics.mean(h["val_acc"] for h in history if h["epoch"] > 5))
else:
    print("earliest", min([]))
