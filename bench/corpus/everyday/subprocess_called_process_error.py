"""subprocess.CalledProcessError when a helper command exits non-zero under check=True."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import subprocess
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def run(cmd):
    print("$", " ".join(cmd), flush=True)
    return subprocess.run(cmd, check=True, capture_output=(V == 2), text=True)


if V == 0:
    run(["ls", "exports/latest"])
elif V == 1:
    run(["git", "rev-parse", "HEAD"])
elif V == 2:
    run([sys.executable, "-c", "import sys; sys.exit(3)"])
else:
    subprocess.run(["sleep", "5"], timeout=0.5)
