"""TypeError from constructing a dataclass config with wrong or missing fields."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import dataclasses
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    data_dir: str
    epochs: int = 10
    learning_rate: float = 1e-3


raw = {"data_dir": "data/", "epochs": 3, "lr": 0.01}
if V == 0:
    cfg = TrainConfig(**raw)
elif V == 1:
    cfg = TrainConfig(epochs=5)
else:
    cfg = TrainConfig("data/")
    print(cfg)
    cfg.epochs = 20
