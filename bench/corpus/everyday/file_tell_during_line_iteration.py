"""A progress or resume offset is taken with f.tell() inside `for line in f:` on a text file: OSError: telling position disabled by next() call."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import os
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
log = logging.getLogger("ingest")

NAME = ["events.jsonl", "server.log", "corpus.txt"][V]
with open(NAME, "w") as f:
    for i in range(2000):
        if V == 1:
            f.write(f"2024-06-01T10:{i % 60:02d}:00 INFO request id={i} latency_ms={i % 97}\n")
        elif V == 2:
            f.write(f"document {i}: " + "lorem ipsum " * (i % 7 + 1) + "\n")
        else:
            f.write(json.dumps({"id": i, "event": "click", "value": i % 13}) + "\n")


def ingest_with_progress(path, every=500):
    size = os.path.getsize(path)
    rows = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            rows.append(json.loads(line))
            if n % every == 0:
                log.info("%d rows, %.0f%% of the file", n, 100 * f.tell() / size)
    return rows


class Tail:
    """Remembers where it stopped, to continue from there next run."""

    def __init__(self, path, state="offset.json"):
        self.path, self.state = path, state

    def read_new(self):
        lines, offset = [], 0
        with open(self.path) as f:
            for line in f:
                if "latency_ms=96" in line:
                    lines.append(line)
                    offset = f.tell()  # resume after the last slow request
        with open(self.state, "w") as s:
            json.dump({"offset": offset}, s)
        return lines


def index_documents(path):
    offsets = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            doc_id = line.split(":", 1)[0]
            offsets[doc_id] = f.tell() - len(line)
    return offsets


log.info("reading %s", NAME)
if V == 0:
    print(len(ingest_with_progress(NAME)), "events")
elif V == 1:
    print(len(Tail(NAME).read_new()), "slow requests")
else:
    print(len(index_documents(NAME)), "documents indexed")
