"""dataclasses.FrozenInstanceError: assigning to a field of a frozen config in __post_init__, in a CLI override loop, or when decaying the LR during training."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
from dataclasses import dataclass, field

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


@dataclass(frozen=True)
class OptimConfig:
    lr: float = 3e-4
    weight_decay: float = 0.01
    warmup_steps: int = 100


@dataclass(frozen=True)
class DataConfig:
    root: str = "data/"
    image_size: int = 224
    classes: tuple = ("cat", "dog")

    def __post_init__(self):
        if not self.root.endswith("/"):
            self.root = self.root + "/"


@dataclass(frozen=True)
class TrainConfig:
    epochs: int = 3
    batch_size: int = 32
    optim: OptimConfig = field(default_factory=OptimConfig)


def apply_overrides(cfg, overrides):
    for item in overrides:
        key, value = item.split("=", 1)
        current = getattr(cfg, key)
        setattr(cfg, key, type(current)(value))
    return cfg


def train(cfg):
    for epoch in range(1, cfg.epochs + 1):
        print(f"epoch {epoch}/{cfg.epochs} lr={cfg.optim.lr:.2e} loss={1.2 / epoch:.3f}", flush=True)
        if epoch == 2:
            cfg.optim.lr *= 0.1


if V == 0:
    print(DataConfig(root="/datasets/pets"))
elif V == 1:
    cfg = apply_overrides(TrainConfig(), ["epochs=5", "batch_size=64"])
    print(cfg)
else:
    train(TrainConfig())
