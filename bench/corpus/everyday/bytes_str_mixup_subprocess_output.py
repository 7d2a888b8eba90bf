"""TypeError from treating subprocess.check_output bytes as str (split, re.search, startswith with str)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import re
import subprocess
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
LISTING = "import sys; print('train_000.csv\\ntrain_001.csv\\nval_000.csv')"


def list_shards():
    out = subprocess.check_output([sys.executable, "-c", LISTING])
    return out.split("\n")


def python_version():
    out = subprocess.check_output([sys.executable, "--version"])
    return re.search(r"Python (\d+)\.(\d+)", out).groups()


def is_python(cmd):
    out = subprocess.check_output(cmd)
    return out.startswith("Python")


print("environment check", flush=True)
if V == 0:
    print("shards:", list_shards())
elif V == 1:
    print("python", python_version())
else:
    print("ok" if is_python([sys.executable, "-V"]) else "unexpected interpreter")
