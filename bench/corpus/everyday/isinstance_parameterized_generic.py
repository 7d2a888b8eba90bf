"""TypeError from isinstance() with a subscripted type hint (list[str], typing.List[int], Iterable[str])."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
import typing

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

SCHEMA = [
    {"name": str, "tags": list[str], "lr": float},
    {"name": str, "layers": typing.List[int]},
    {"name": str, "files": typing.Iterable[str]},
][V]
CONFIG = {"name": "baseline", "tags": ["a", "b"], "lr": 0.1, "layers": [64, 32], "files": ("a.csv",)}


def validate_field(key, value, expected):
    if not isinstance(value, expected):
        raise TypeError(f"{key} should be {expected}, got {type(value).__name__}")


def validate_config(cfg, schema):
    for key, expected in schema.items():
        validate_field(key, cfg[key], expected)
        print(f"  {key}: ok")


print("validating config")
validate_config(CONFIG, SCHEMA)
