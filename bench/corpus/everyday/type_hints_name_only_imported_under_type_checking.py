"""NameError: name 'Path' is not defined from typing.get_type_hints (or pydantic's "is not fully defined"): a config module with `from __future__ import annotations` imports a type only under `if TYPE_CHECKING:`, and a loader that resolves the annotations at runtime cannot find it."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import dataclasses
import importlib
import json
import logging
import os
import sys
import typing

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
sys.path.insert(0, os.getcwd())

with open("train_config.py", "w") as f:
    f.write(
        "from __future__ import annotations\n"
        "import dataclasses\n"
        "from typing import TYPE_CHECKING, Optional\n"
        "from pydantic import BaseModel\n"
        "if TYPE_CHECKING:  # only for the type checker\n"
        "    from pathlib import Path\n"
        "    import numpy as np\n\n"
        "@dataclasses.dataclass\n"
        "class TrainConfig:\n"
        "    data_dir: Path\n"
        "    lr: float = 1e-3\n"
        "    epochs: int = 5\n\n"
        "@dataclasses.dataclass\n"
        "class EvalConfig:\n"
        "    thresholds: Optional[np.ndarray] = None\n"
        "    batch_size: int = 64\n\n"
        "class ServeConfig(BaseModel):\n"
        "    model_dir: Path\n"
        "    port: int = 8000\n\n"
        "def train(data_dir: Path, lr: float = 1e-3, epochs: int = 5) -> None:\n"
        "    print('training on', data_dir)\n"
    )
with open("config.json", "w") as f:
    json.dump({"data_dir": "data/processed", "lr": "0.0005", "epochs": "3"}, f)


def from_dict(cls, raw):
    """Build a dataclass from strings, converting each value to its annotated type."""
    hints = typing.get_type_hints(cls)
    kwargs = {}
    for field in dataclasses.fields(cls):
        if field.name in raw:
            kwargs[field.name] = hints[field.name](raw[field.name])
    return cls(**kwargs)


cfg_mod = importlib.import_module("train_config")
raw = json.load(open("config.json"))

if V == 0:
    cfg = from_dict(cfg_mod.TrainConfig, raw)
    print(cfg)
elif V == 1:
    print("validating serve config", flush=True)
    serve = cfg_mod.ServeConfig(model_dir="models/ranker-v2", port=8080)
    print(serve)
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("eval")
    log.info("building eval config")
    try:
        ev = from_dict(cfg_mod.EvalConfig, {"batch_size": "128"})
    except NameError:
        log.exception("could not resolve EvalConfig annotations")
        raise
    log.info("%s", ev)
else:
    def cli_from_signature(fn, argv):
        """A tiny CLI: --name value pairs converted with the function's annotations."""
        hints = typing.get_type_hints(fn)
        args = dict(zip(argv[::2], argv[1::2]))
        return fn(**{k.lstrip("-"): hints[k.lstrip("-")](v) for k, v in args.items()})

    cli_from_signature(cfg_mod.train, ["--data_dir", "data/processed", "--epochs", "2"])
