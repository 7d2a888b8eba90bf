"""A plugin/model registry calls importlib.import_module with a relative name ('.models.resnet') and no package, or with an empty name from the config: TypeError / ValueError: Empty module name."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import importlib
import os
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

os.makedirs("myproj/models", exist_ok=True)
open("myproj/__init__.py", "w").close()
open("myproj/models/__init__.py", "w").close()
with open("myproj/models/resnet.py", "w") as f:
    f.write("class Model:\n    def __init__(self, depth=18):\n        self.depth = depth\n")
sys.path.insert(0, os.getcwd())

CONFIG = [
    {"model": {"module": ".models.resnet", "class": "Model"}},
    {"model": {"module": "..resnet", "class": "Model"}},
    {"model": {"module": "", "class": "Model"}},
][V]


def build(spec):
    print(f"building {spec['class']} from {spec['module']!r}")
    module = importlib.import_module(spec["module"])
    return getattr(module, spec["class"])()


def main():
    model = build(CONFIG["model"])
    print("built", type(model).__name__)


if __name__ == "__main__":
    main()
