"""ValueError from pathlib: relative_to on a path outside the base, with_suffix without a dot, an empty name."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
from pathlib import Path

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
for folder in ["runs/exp1", "outputs/exp1"]:
    Path(folder).mkdir(parents=True, exist_ok=True)
Path("outputs/exp1/model.pt").write_bytes(b"\0" * 16)
settings = {"run_dir": "runs/exp1", "metrics_ext": "json", "log_file": ""}


def artifact_key(path, base):
    return path.relative_to(base).as_posix()


def metrics_path(run_dir):
    return (Path(run_dir) / "metrics").with_suffix(settings["metrics_ext"])


def log_path(name):
    return Path(name).with_suffix(".log")


print("collecting artifacts for", settings["run_dir"])
if V == 0:
    for p in Path("outputs").rglob("*.pt"):
        print("upload", artifact_key(p, settings["run_dir"]))
elif V == 1:
    print("metrics ->", metrics_path(settings["run_dir"]))
else:
    print("logging to", log_path(settings["log_file"]))
