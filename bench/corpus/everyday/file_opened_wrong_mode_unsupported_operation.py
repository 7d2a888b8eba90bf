"""A file opened in the wrong mode for what is done with it (read from a file opened 'w' or 'a', write to one opened for reading): io.UnsupportedOperation: not readable / not writable."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import json
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("metrics.json", "w") as f:
    json.dump({"epoch": 3, "val_loss": 0.42}, f)
with open("predictions.csv", "w", newline="") as f:
    csv.writer(f).writerows([["id", "pred"], [1, 0.9], [2, 0.1]])


def update_metrics(path, **new):
    with open(path, "a") as f:  # "append the new values"
        data = json.load(f)
        data.update(new)
        f.seek(0)
        json.dump(data, f)


def append_rows(path, rows):
    with open(path) as f:
        writer = csv.writer(f)
        for row in rows:
            writer.writerow(row)


class RunLog:
    def __init__(self, path):
        self.f = open(path, "w")

    def log(self, **kv):
        self.f.write(json.dumps(kv) + "\n")
        self.f.flush()

    def history(self):
        self.f.seek(0)
        return [json.loads(line) for line in self.f]


if V == 0:
    update_metrics("metrics.json", epoch=4, val_loss=0.39)
elif V == 1:
    print("writing 2 more predictions", flush=True)
    append_rows("predictions.csv", [[3, 0.7], [4, 0.3]])
else:
    run = RunLog("train_log.jsonl")
    for step in range(1, 4):
        run.log(step=step, loss=1.0 / step)
        print(f"step {step} logged", flush=True)
    print(run.history())
