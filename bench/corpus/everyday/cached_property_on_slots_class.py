"""TypeError: No '__dict__' attribute on 'ShardInfo' instance to cache 'num_rows' property.: functools.cached_property used on a class that declares __slots__ (or @dataclass(slots=True)) to save memory, so the instance has no __dict__ to store the cached value in."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import dataclasses
import logging
import sys
from functools import cached_property
from pathlib import Path

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
n_shards, rows_per = [(3, 20), (4, 15), (2, 50), (5, 8)][V]
Path("shards").mkdir()
for s in range(n_shards):
    with open(f"shards/part-{s:05d}.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["user_id", "event", "ts"])
        for i in range(rows_per + s):
            w.writerow([f"u{i % 7}", "click" if i % 3 else "view", 1700000000 + i])


class ShardInfo:
    __slots__ = ("path", "size_bytes")

    def __init__(self, path):
        self.path = Path(path)
        self.size_bytes = self.path.stat().st_size

    @cached_property
    def num_rows(self):
        with open(self.path, newline="") as f:
            return sum(1 for _ in f) - 1


@dataclasses.dataclass(slots=True)
class Manifest:
    root: str
    pattern: str = "part-*.csv"

    @cached_property
    def files(self):
        return sorted(Path(self.root).glob(self.pattern))


if V == 0:
    shards = [ShardInfo(p) for p in sorted(Path("shards").glob("*.csv"))]
    print(f"{len(shards)} shards, {sum(s.size_bytes for s in shards)} bytes")
    total = sum(s.num_rows for s in shards)
    print("rows:", total)
elif V == 1:
    m = Manifest("shards")
    print("manifest for", m.root)
    for f in m.files:
        print(f)
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("plan")

    def plan_batches(shards, batch_rows=32):
        plan = []
        for s in shards:
            log.info("%s: %d bytes", s.path.name, s.size_bytes)
            plan.append((s.path.name, -(-s.num_rows // batch_rows)))
        return plan

    log.info("plan %s", plan_batches([ShardInfo(p) for p in sorted(Path("shards").glob("*.csv"))]))
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("loader")
    m = Manifest("shards", pattern="part-0000*.csv")
    log.info("loading from %s (%s)", m.root, m.pattern)
    log.info("%d files", len(m.files))
