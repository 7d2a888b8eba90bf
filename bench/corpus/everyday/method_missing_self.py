"""TypeError from a method defined without self, or a method called on the class."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


class Trainer:
    def __init__(self, epochs):
        self.epochs = epochs

    def step():
        return "stepped"

    def fit(self, data):
        return [len(data)] * self.epochs


if V == 0:
    t = Trainer(2)
    print(t.step())
elif V == 1:
    print(Trainer.fit([1, 2, 3]))
else:
    t = Trainer()
