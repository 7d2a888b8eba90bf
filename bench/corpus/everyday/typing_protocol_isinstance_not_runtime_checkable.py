"""TypeError: Instance and class checks can only be used with @runtime_checkable protocols: a plugin/model registry checks isinstance/issubclass against a typing.Protocol that is not decorated with @runtime_checkable."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys
from typing import Protocol, runtime_checkable

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


class Scorer(Protocol):
    def predict(self, rows): ...


@runtime_checkable
class Transform(Protocol):
    def __call__(self, x): ...


class SupportsBatch(Protocol):
    def batch(self, xs): ...


class MeanModel:
    def predict(self, rows):
        return [sum(r) / len(r) for r in rows]


class Lowercase:
    def __call__(self, x):
        return x.lower()

    def batch(self, xs):
        return [x.lower() for x in xs]


REGISTRY = {}


def register(name, obj):
    if not isinstance(obj, Scorer):
        raise TypeError(f"{name} does not implement predict()")
    REGISTRY[name] = obj


if V == 0:
    register("mean", MeanModel())
    print(REGISTRY["mean"].predict([[1, 2], [3, 5]]))
elif V == 1:
    plugins = {"mean": MeanModel, "lower": Lowercase}
    for name, cls in plugins.items():
        print(f"checking plugin {name}", flush=True)
        if issubclass(cls, Scorer):
            print(f"  {name} is a scorer")
elif V == 2:
    steps = [Lowercase(), str.strip]
    batched = [s for s in steps if isinstance(s, Transform) and isinstance(s, SupportsBatch)]
    print(len(batched), "batched steps")
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("serve")

    class ModelServer:
        def __init__(self):
            self.models = {}

        def load(self, name, model):
            log.info("loading %s", name)
            try:
                register(name, model)
            except TypeError:
                log.exception("model %s rejected", name)
                raise
            self.models[name] = model

    server = ModelServer()
    server.load("baseline", MeanModel())
