"""TypeError: Can't instantiate abstract class when a subclass forgets an abstract method."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import abc
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


class Metric(abc.ABC):
    @abc.abstractmethod
    def update(self, pred, target): ...

    @abc.abstractmethod
    def compute(self): ...


class Accuracy(Metric):
    def __init__(self):
        self.correct = self.total = 0

    def update(self, pred, target):
        self.correct += pred == target
        self.total += 1


class Precision(Metric):
    pass


def build(name):
    return {"acc": Accuracy, "precision": Precision, "base": Metric}[name]()


print(build(["acc", "precision", "base"][V]))
