"""A config class with __slots__ (or @dataclass(slots=True)) gets a new attribute set later in the code: AttributeError ... object has no attribute."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
from dataclasses import dataclass

VARIANT = int(sys.argv[1])


@dataclass(slots=True)
class TrainConfig:
    lr: float = 3e-4
    batch_size: int = 32
    epochs: int = 10


class Sample:
    __slots__ = ("text", "label")

    def __init__(self, text, label):
        self.text = text
        self.label = label


def apply_overrides(cfg, overrides):
    for key, value in overrides.items():
        print(f"override {key}={value}")
        setattr(cfg, key, value)
    return cfg


if VARIANT == 0:
    cfg = TrainConfig()
    cfg = apply_overrides(cfg, {"lr": 1e-3, "warmup_steps": 500})
    print(cfg)
elif VARIANT == 1:
    samples = [Sample("good movie", 1), Sample("boring plot", 0), Sample("great cast", 1)]
    for s in samples:
        s.tokens = s.text.split()
    print(sum(len(s.tokens) for s in samples))
else:
    cfg = TrainConfig(batch_size=64)
    steps_per_epoch = 50000 // cfg.batch_size
    print(f"{steps_per_epoch} steps per epoch")
    cfg.total_steps = steps_per_epoch * cfg.epochs
    print(cfg.total_steps)
