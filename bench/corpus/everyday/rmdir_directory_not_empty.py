"""OSError: [Errno 39] Directory not empty, cleaning old run folders with os.rmdir / Path.rmdir, or publishing a checkpoint folder with os.rename onto an existing one."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import os
import sys
from pathlib import Path

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def make_run(root, name, files):
    run = Path(root) / name
    run.mkdir(parents=True, exist_ok=True)
    for f in files:
        (run / f).write_text("x")
    return run


def prune_runs(root, keep):
    runs = sorted(Path(root).iterdir())
    for run in runs[:-keep]:
        for ckpt in run.glob("*.pt"):
            ckpt.unlink()
        print(f"removing {run}", flush=True)
        os.rmdir(run)


def clear_cache(cache_dir):
    for item in cache_dir.iterdir():
        if item.is_file():
            item.unlink()
    cache_dir.rmdir()


def publish(tmp_dir, final_dir):
    os.rename(tmp_dir, final_dir)
    return final_dir


if V == 0:
    for i in range(4):
        make_run("runs", f"run_{i:03d}", ["last.pt", "best.pt", "metrics.json"])
    prune_runs("runs", keep=2)
elif V == 1:
    cache = Path(".cache/tokenized")
    make_run(".cache/tokenized", "train", ["00000.arrow"])
    for i in range(3):
        (cache / f"val_{i}.arrow").write_text("x")
    clear_cache(cache)
else:
    make_run("models", "latest", ["model.pt", "config.json"])
    tmp = make_run("models", ".tmp_latest", ["model.pt", "config.json"])
    (tmp / "config.json").write_text(json.dumps({"epoch": 12}))
    print("epoch 12 finished, publishing models/latest", flush=True)
    publish(tmp, "models/latest")
