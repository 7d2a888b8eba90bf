"""TypeError: unsupported operand type(s) for +: 'int' and 'datetime.timedelta': sum() over timedelta durations (epoch times, job runtimes parsed from a log, per-stage latencies) without start=timedelta(0), so sum begins at the integer 0."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys
import time
from datetime import datetime, timedelta

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
n = [4, 6, 3, 5][V]

if V == 0:
    epoch_times = []
    for epoch in range(n):
        t0 = datetime.now()
        time.sleep(0.01)
        epoch_times.append(datetime.now() - t0)
        print(f"epoch {epoch} took {epoch_times[-1]}")
    total = sum(epoch_times)
    print("total training time", total)
elif V == 1:
    log_lines = [f"2024-05-0{d} 02:{10 + d}:00 job=nightly_features start" for d in range(1, n + 1)]
    log_lines += [f"2024-05-0{d} 03:{5 * d:02d}:00 job=nightly_features end" for d in range(1, n + 1)]
    with open("scheduler.log", "w") as f:
        f.write("\n".join(log_lines) + "\n")

    def runtimes(path):
        starts, out = {}, []
        with open(path) as f:
            for line in f:
                day, clock, _, event = line.split()
                ts = datetime.fromisoformat(f"{day} {clock}")
                if event == "start":
                    starts[day] = ts
                else:
                    out.append(ts - starts[day])
        return out

    durations = runtimes("scheduler.log")
    print("runs:", [str(d) for d in durations])
    print("mean runtime", sum(durations) / len(durations))
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("latency")
    stages = {"tokenize": 12, "embed": 48, "search": 31, "rerank": 95}
    timings = {}
    for name, ms in stages.items():
        timings[name] = timedelta(milliseconds=ms)
        log.info("stage %s: %s", name, timings[name])
    log.info("end-to-end %s", sum(timings.values()))
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("gpu_hours")

    class Job:
        def __init__(self, name, start, hours):
            self.name, self.start, self.end = name, start, start + timedelta(hours=hours)

    jobs = [Job(f"sweep-{i}", datetime(2024, 6, 1, 8) + timedelta(hours=3 * i), 1.5 + i) for i in range(n)]
    for j in jobs:
        log.info("%s ran %s", j.name, j.end - j.start)

    def billed(jobs):
        return sum(j.end - j.start for j in jobs)

    log.info("billed GPU time %s", billed(jobs))
