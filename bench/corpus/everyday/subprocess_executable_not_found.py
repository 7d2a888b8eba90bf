"""FileNotFoundError / OSError Exec format error launching a helper command that is missing, a string without shell=True, or a script without a shebang."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import stat
import subprocess
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
os.makedirs("scripts", exist_ok=True)
with open("scripts/prepare_data.sh", "w") as f:
    f.write("mkdir -p data\necho prepared\n")  # no #! line
os.chmod("scripts/prepare_data.sh", os.stat("scripts/prepare_data.sh").st_mode | stat.S_IXUSR)


def gpu_report():
    return subprocess.run(["nvidia-smi", "--query-gpu=name,memory.used", "--format=csv"], capture_output=True, text=True)


def list_runs():
    return subprocess.run("ls -la runs", check=True)


def prepare():
    return subprocess.Popen(["./scripts/prepare_data.sh"]).wait()


print("collecting environment info", flush=True)
print([gpu_report, list_runs, prepare][V]())
