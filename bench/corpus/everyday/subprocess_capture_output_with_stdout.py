"""ValueError: stdout and stderr arguments may not be used with capture_output: subprocess.run given capture_output=True together with stdout=/stderr= (to merge stderr into stdout, to tee into a log), or check_output given stdout=."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import subprocess
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("count_rows.py", "w") as f:
    f.write("import sys\nprint(sum(1 for _ in open(sys.argv[1])) - 1)\n"
            "print('warning: 2 malformed rows skipped', file=sys.stderr)\n")
with open("train.csv", "w") as f:
    f.write("id,label\n" + "".join(f"{i},{i % 2}\n" for i in range(50)))

if V == 0:
    res = subprocess.run([sys.executable, "count_rows.py", "train.csv"],
                         capture_output=True, stdout=subprocess.PIPE, text=True, check=True)
    print("rows:", res.stdout.strip())
elif V == 1:
    def run_step(cmd):
        print("$", " ".join(cmd), flush=True)
        # merge stderr into stdout so warnings land in the same log
        res = subprocess.run(cmd, capture_output=True, stderr=subprocess.STDOUT, text=True)
        return res.returncode, res.stdout

    code, out = run_step([sys.executable, "count_rows.py", "train.csv"])
    print(code, out)
elif V == 2:
    n = subprocess.check_output([sys.executable, "count_rows.py", "train.csv"],
                                stdout=subprocess.PIPE, text=True)
    print(f"train rows: {int(n)}")
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("pipeline")

    class Step:
        def __init__(self, name, cmd):
            self.name, self.cmd = name, cmd

        def run(self):
            log.info("step %s: %s", self.name, " ".join(self.cmd))
            with open(f"{self.name}.log", "w") as log_file:
                return subprocess.check_output(self.cmd, stdout=log_file, stderr=subprocess.STDOUT)

    for step in [Step("count", [sys.executable, "count_rows.py", "train.csv"])]:
        step.run()
        log.info("step %s ok", step.name)
