"""A plain @dataclass config (eq=True sets __hash__ to None) is used as a dict key, put in a set or passed to an lru_cache'd function: TypeError: unhashable type: 'RunConfig'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import functools
import logging
import sys
from dataclasses import dataclass, field

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
log = logging.getLogger("sweep")


@dataclass
class RunConfig:
    model: str
    lr: float
    batch_size: int = 32


@dataclass
class FeatureSpec:
    name: str
    window: int
    aggs: list = field(default_factory=lambda: ["mean"])


def evaluate(cfg):
    return round(0.7 + cfg.lr * 10 - cfg.batch_size / 1000, 4)


@functools.lru_cache(maxsize=None)
def cached_features(spec):
    log.info("computing %s", spec.name)
    return [spec.window] * len(spec.aggs)


class Sweep:
    def __init__(self):
        self.results = {}

    def run(self, configs):
        for cfg in configs:
            log.info("running %s", cfg)
            self.results[cfg] = evaluate(cfg)
        return max(self.results, key=self.results.get)


if V == 0:
    grid = [RunConfig("resnet18", lr) for lr in (0.001, 0.003, 0.01)]
    print("best:", Sweep().run(grid))
elif V == 1:
    seen = set()
    for cfg in [RunConfig("vit", 3e-4, 64), RunConfig("vit", 3e-4, 64), RunConfig("vit", 1e-4, 64)]:
        if cfg in seen:
            log.info("skipping duplicate %s", cfg)
            continue
        seen.add(cfg)
else:
    specs = [FeatureSpec("amount_7d", 7), FeatureSpec("amount_30d", 30, ["mean", "max"])]
    for spec in specs:
        print(spec.name, cached_features(spec))
