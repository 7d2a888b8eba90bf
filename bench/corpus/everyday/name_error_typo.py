"""NameError from a misspelled variable or a name used before it is defined."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


class Model:
    def predict(self, x):
        return [v * 2 for v in x]


def run_inference(batch):
    model = Model()
    return modle.predict(batch)


def report():
    print("total", total_count)


if V == 0:
    print(run_inference([1, 2, 3]))
elif V == 1:
    report()
    total_count = 3
else:
    for i in range(3):
        print("iteration", i)
    print(np.mean([1, 2, 3]))
