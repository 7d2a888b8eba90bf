"""A subclass defines its own __init__ and never calls super().__init__(), so attributes the base class sets are missing: AttributeError: 'X' object has no attribute 'history'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


class Callback:
    def __init__(self):
        self.history = []
        self.logger = logging.getLogger(type(self).__name__)

    def on_epoch_end(self, epoch, metrics):
        self.history.append((epoch, metrics))
        self.logger.info("epoch %d %s", epoch, metrics)


class EarlyStopping(Callback):
    def __init__(self, patience=3, monitor="val_loss"):
        self.patience = patience
        self.monitor = monitor


class BaseEvaluator:
    def __init__(self, metrics):
        self.metrics = metrics
        self._cache = {}

    def score(self, name, fn, *args):
        if name not in self._cache:
            self._cache[name] = fn(*args)
        return self._cache[name]


class RankingEvaluator(BaseEvaluator):
    def __init__(self, k):
        self.k = k

    def evaluate(self, ranked, relevant):
        return self.score(f"recall@{self.k}", lambda: len(set(ranked[: self.k]) & relevant) / len(relevant))


if __name__ == "__main__":
    if V == 0:
        cb = EarlyStopping(patience=2)
        for epoch, loss in enumerate([0.9, 0.7, 0.72], start=1):
            print(f"epoch {epoch} val_loss={loss}")
            cb.on_epoch_end(epoch, {"val_loss": loss})
    elif V == 1:
        logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
        ev = RankingEvaluator(k=5)
        logging.info("evaluating %d queries", 2)
        print(ev.evaluate(["d3", "d1", "d9", "d4", "d2", "d7"], {"d1", "d2"}))
    else:
        ev = RankingEvaluator(k=3)
        print("metrics:", ev.metrics)
