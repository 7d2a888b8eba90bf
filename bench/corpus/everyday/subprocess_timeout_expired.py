"""subprocess.TimeoutExpired when a helper step (shard compression, export, a checker) runs longer than the timeout the pipeline gave it."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import subprocess
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

os.makedirs("tools", exist_ok=True)
with open("tools/compress_shards.py", "w") as f:
    f.write("import sys, time\nprint('compressing', sys.argv[1:], flush=True)\ntime.sleep(5)\n")
with open("tools/check_manifest.py", "w") as f:
    f.write("import time\ntime.sleep(5)\nprint('ok')\n")


def compress(shard_dir, timeout):
    cmd = [sys.executable, "tools/compress_shards.py", shard_dir, "--level", "9"]
    return subprocess.run(cmd, check=True, timeout=timeout)


def manifest_ok(path):
    out = subprocess.check_output([sys.executable, "tools/check_manifest.py", path], text=True, timeout=0.8)
    return out.strip() == "ok"


def run_export(timeout):
    proc = subprocess.Popen([sys.executable, "tools/compress_shards.py", "export/onnx"], stdout=subprocess.PIPE, text=True)
    out, _ = proc.communicate(timeout=timeout)
    return out


if V == 0:
    for shard in ["data/shard_00"]:
        print(f"compressing {shard}", flush=True)
        compress(shard, timeout=1)
elif V == 1:
    print("checking manifests", flush=True)
    print(all(manifest_ok(p) for p in ["manifests/train.csv", "manifests/val.csv"]))
else:
    print("step 1/3 export done", flush=True)
    print("step 2/3 packaging", flush=True)
    print(run_export(timeout=1.5))
