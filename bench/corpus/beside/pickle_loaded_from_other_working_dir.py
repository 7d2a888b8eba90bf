"""The model was pickled by a script run from project/, where features.py sits; the scoring script is started from the repo root, so features is not importable."""
# beside: pipeline-pickle-references-old-features-module
# why: features.py was never moved; it is only not on sys.path because the loader runs from another working directory.
EXPECT = []
VARIANTS = 2

import os
import pickle
import subprocess
import sys

VARIANT = int(sys.argv[1])

os.makedirs("project", exist_ok=True)
with open("project/features.py", "w") as fh:
    fh.write(
        "class Scaler:\n"
        "    def __init__(self, mean, std):\n"
        "        self.mean, self.std = mean, std\n"
        "    def __call__(self, x):\n"
        "        return [(v - m) / s for v, m, s in zip(x, self.mean, self.std)]\n"
    )
# training is run as `cd project && python train.py`
subprocess.run(
    [sys.executable, "-c", "import pickle, features; pickle.dump(features.Scaler([1.0, 2.0], [0.5, 0.5]), open('scaler.pkl', 'wb'))"],
    cwd="project",
    check=True,
)

# scoring is run as `python project/score.py` from the repo root
path = "project/scaler.pkl"
if VARIANT == 1:
    import joblib

    print(f"cwd={os.path.basename(os.getcwd())} loading {path}")
    scaler = joblib.load(path)
else:
    with open(path, "rb") as fh:
        scaler = pickle.load(fh)
