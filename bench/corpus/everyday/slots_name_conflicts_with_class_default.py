"""ValueError: 'lr' in __slots__ conflicts with class variable: a config or record class lists a name in __slots__ and also gives it a class-level default (a hand-written class, a dataclass with a manual __slots__, a class built with type() from a schema)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import dataclasses
import logging
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
print(f"config variant {V}: defining config classes")

if V == 0:
    class OptimConfig:
        __slots__ = ("lr", "weight_decay", "betas")
        lr = 3e-4
        weight_decay = 0.01

        def __init__(self, **overrides):
            self.betas = (0.9, 0.999)
            for k, v in overrides.items():
                setattr(self, k, v)

    cfg = OptimConfig(lr=1e-3)
    print(cfg.lr, cfg.weight_decay)
elif V == 1:
    @dataclasses.dataclass
    class Event:
        __slots__ = ("user_id", "item_id", "ts", "weight")   # millions of these in memory
        user_id: int
        item_id: int
        ts: float
        weight: float = 1.0

    events = [Event(1, 2, 1700000000.0)]
    print(events)
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("schema")
    SCHEMA = {"batch_size": 32, "epochs": 10, "dropout": 0.1, "seed": None}

    def make_config_class(name, schema):
        log.info("building %s with fields %s", name, list(schema))
        namespace = {"__slots__": tuple(schema)}
        namespace.update({k: v for k, v in schema.items() if v is not None})
        return type(name, (), namespace)

    TrainConfig = make_config_class("TrainConfig", SCHEMA)
    log.info("built %s", TrainConfig)
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("configs")

    class BaseConfig:
        __slots__ = ("name",)

        def __init__(self, name):
            self.name = name

    log.info("base config ready")

    class EvalConfig(BaseConfig):
        __slots__ = ("metric", "threshold")
        metric = "f1"

        def __init__(self, name, threshold=0.5):
            super().__init__(name)
            self.threshold = threshold

    log.info("eval config %s", EvalConfig("val").metric)
