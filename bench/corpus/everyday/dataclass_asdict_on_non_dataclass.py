"""dataclasses.asdict / fields called on what is not a dataclass instance (a class without @dataclass, the class itself, a dict from YAML): TypeError."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys
from dataclasses import asdict, dataclass, fields

import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


class ForecastTrainConfig:
    def __init__(self, horizon=14, lookback=56, learning_rate=3e-4):
        self.horizon = horizon
        self.lookback = lookback
        self.learning_rate = learning_rate


@dataclass
class RetrievalRunConfig:
    encoder: str = "minilm-l6"
    batch_size: int = 256
    temperature: float = 0.05


def write_run_params(cfg, path="run_params.json"):
    with open(path, "w") as handle:
        json.dump(asdict(cfg), handle, indent=2)
    print(f"wrote {path}")


def start_run(config_cls):
    print(f"starting run with {config_cls.__name__}")
    write_run_params(config_cls)


def validate_overrides(cfg, overrides):
    allowed = {f.name for f in fields(cfg)}
    unknown = set(overrides) - allowed
    if unknown:
        raise SystemExit(f"unknown override(s): {sorted(unknown)}")


if V == 0:
    write_run_params(ForecastTrainConfig(horizon=28))
elif V == 1:
    start_run(RetrievalRunConfig)
else:
    cfg = yaml.safe_load("encoder: e5-small\nbatch_size: 512\ntemperature: 0.02\n")
    print("loaded config", cfg)
    validate_overrides(cfg, {"batch_size": 1024})
