"""Errors defining or converting a dataclass: mutable default list, non-default after default, asdict on the class."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import dataclasses
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
print("loading experiment settings", flush=True)

if V == 0:
    @dataclasses.dataclass
    class Experiment:
        name: str
        tags: list = []
        seed: int = 0
elif V == 1:
    @dataclasses.dataclass
    class Experiment:
        name: str
        seed: int = 0
        data_dir: str
else:
    @dataclasses.dataclass
    class Experiment:
        name: str
        seed: int = 0

    def save_settings(settings_cls):
        return dataclasses.asdict(settings_cls)

    print(save_settings(Experiment))
