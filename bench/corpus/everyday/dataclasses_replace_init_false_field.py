"""ValueError: field total_steps is declared with init=False, it cannot be specified with replace(): dataclasses.replace given a derived field (computed in __post_init__, field(init=False)) by a sweep, a CLI override loop or a resume step that copies a config with changes."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import dataclasses
import logging
import sys
import time
from dataclasses import dataclass, field

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


@dataclass(frozen=True)
class TrainConfig:
    n_samples: int
    batch_size: int = 32
    epochs: int = 3
    lr: float = 3e-4
    total_steps: int = field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "total_steps", -(-self.n_samples // self.batch_size) * self.epochs)


@dataclass
class RunRecord:
    name: str
    status: str = "queued"
    created_at: float = field(init=False, default_factory=time.time)


base = TrainConfig(n_samples=[12_000, 5_000, 800, 40_000][V])
print("base config:", base)

if V == 0:
    sweep = [{"lr": 1e-4}, {"lr": 3e-4, "batch_size": 64}, {"lr": 1e-3, "total_steps": 2000}]
    for i, trial in enumerate(sweep):
        cfg = dataclasses.replace(base, **trial)
        print(f"trial {i}: lr={cfg.lr} bs={cfg.batch_size} steps={cfg.total_steps}")
elif V == 1:
    runs = [RunRecord(f"exp-{i:03d}") for i in range(3)]
    saved = {r.name: dataclasses.asdict(r) for r in runs}
    print("restoring runs from the tracker:", list(saved))
    restored = [dataclasses.replace(RunRecord(name), **fields) for name, fields in saved.items()]
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("cli")
    argv = ["--epochs", "5", "--total_steps", "1500"]

    def apply_overrides(cfg, argv):
        overrides = {}
        for key, value in zip(argv[::2], argv[1::2]):
            name = key.lstrip("-")
            overrides[name] = type(getattr(cfg, name))(value)
            log.info("override %s=%s", name, overrides[name])
        return dataclasses.replace(cfg, **overrides)

    cfg = apply_overrides(base, argv)
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("resume")
    checkpoint = {"config": dataclasses.asdict(base), "step": 700}
    log.info("resuming at step %d", checkpoint["step"])
    cfg = dataclasses.replace(base, **{**checkpoint["config"], "lr": base.lr / 2})
    log.info("resumed config %s", cfg)
