"""PermissionError when running a helper script without the executable bit, or reading a protected file."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import subprocess
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("prepare_data.sh", "w") as f:
    f.write("#!/bin/sh\necho preparing\n")
os.chmod("prepare_data.sh", 0o644)  # forgot chmod +x

if V == 0:
    subprocess.run(["./prepare_data.sh"], check=True)
elif V == 1:
    print("launching preprocessing step 1/3")
    proc = subprocess.Popen(["./prepare_data.sh", "--fast"], stdout=subprocess.PIPE)
    print(proc.communicate()[0])
else:
    with open("/proc/1/environ", "w") as f:
        f.write("DEBUG=1")
