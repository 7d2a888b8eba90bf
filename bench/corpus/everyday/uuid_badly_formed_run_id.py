"""ValueError from uuid.UUID when the experiment tracker's run ids are read back from folder names, short hashes or a truncated byte field: badly formed hexadecimal UUID string / bytes is not a 16-char string."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import os
import sys
import uuid

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def new_run(root, name=None):
    run_id = uuid.uuid4()
    folder = os.path.join(root, name or str(run_id))
    os.makedirs(folder)
    with open(os.path.join(folder, "meta.json"), "w") as f:
        json.dump({"run_id": str(run_id), "short_id": run_id.hex[:8], "lr": 3e-4}, f)
    return folder


def list_runs(root):
    runs = []
    for name in sorted(os.listdir(root)):
        runs.append((uuid.UUID(name), os.path.join(root, name)))
    return runs


def resolve_parent(meta):
    return uuid.UUID(meta["short_id"])


if V == 0:
    for _ in range(3):
        new_run("runs")
    new_run("runs", name="baseline-lr3e-4")          # someone named a run by hand
    for run_id, path in list_runs("runs"):
        print(run_id, path)
elif V == 1:
    folder = new_run("runs")
    with open(os.path.join(folder, "meta.json")) as f:
        meta = json.load(f)
    print("resuming from parent", resolve_parent(meta))
else:
    with open("run_index.bin", "wb") as f:
        for _ in range(3):
            f.write(uuid.uuid4().bytes + b"\x01")
    with open("run_index.bin", "rb") as f:
        data = f.read()
    record = 16                                       # the status byte added later is not counted
    for i in range(0, len(data), record):
        print(uuid.UUID(bytes=data[i:i + record]))
