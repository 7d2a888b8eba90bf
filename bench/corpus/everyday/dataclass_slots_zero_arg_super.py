"""A config dataclass declared with @dataclass(slots=True) calls zero-argument super() in __post_init__ or a method (the class object is rebuilt by the decorator, the closure still points at the old one): TypeError: super(type, obj): obj must be an instance or subtype of type."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys
from dataclasses import dataclass, field

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


@dataclass
class BaseRunConfig:
    project: str = "demand-forecast"
    seed: int = 13
    output_dir: str = "runs"

    def __post_init__(self):
        self.output_dir = self.output_dir.rstrip("/")

    def to_record(self):
        return {"project": self.project, "seed": self.seed, "output_dir": self.output_dir}


@dataclass(slots=True)
class ForecastTrainConfig(BaseRunConfig):
    horizon_days: int = 28
    lags: list = field(default_factory=lambda: [1, 7, 14, 28])

    def __post_init__(self):
        super().__post_init__()
        if max(self.lags) > self.horizon_days * 4:
            raise ValueError("lag longer than the history window")


@dataclass(slots=True)
class EvalJobConfig(BaseRunConfig):
    metrics: tuple = ("mape", "wape")
    holdout_weeks: int = 6

    def to_record(self):
        record = super().to_record()
        record.update(metrics=list(self.metrics), holdout_weeks=self.holdout_weeks)
        return record


def write_run_manifest(cfg, path):
    with open(path, "w") as f:
        json.dump(cfg.to_record(), f, indent=2)


def launch_eval(holdout_weeks):
    cfg = EvalJobConfig(holdout_weeks=holdout_weeks)
    write_run_manifest(cfg, "eval_manifest.json")
    return cfg


@dataclass(slots=True)
class ServingSettings(BaseRunConfig):
    port: int = 8080
    workers: int = 2

    def to_record(self):
        return {**super().to_record(), "port": self.port, "workers": self.workers}


if V == 0:
    cfg = ForecastTrainConfig(horizon_days=14)
    print(cfg)
elif V == 1:
    print(launch_eval(8))
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("serving.settings")
    settings = ServingSettings(port=9100)
    log.info("settings loaded: %s", settings.to_record())
