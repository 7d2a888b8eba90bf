"""A custom iterable's __iter__ returns self without a __next__, or a list / dict instead of an iterator: TypeError: iter() returned non-iterator of type ..."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


class ShardReader:
    """Streams (text, label) pairs from the shard files."""

    def __init__(self, paths):
        self.paths = paths
        self._pos = 0

    def __iter__(self):
        if V == 0:
            self._pos = 0
            return self
        if V == 1:
            return [line for p in self.paths for line in open(p)]
        return {p: open(p).read().splitlines() for p in self.paths}.values()


class BatchIterator:
    def __init__(self, source, batch_size):
        self.source = source
        self.batch_size = batch_size

    def __iter__(self):
        batch = []
        for item in self.source:
            batch.append(item.rstrip("\n"))
            if len(batch) == self.batch_size:
                yield batch
                batch = []


for i in range(3):
    with open(f"shard_{i}.txt", "w") as f:
        f.write("".join(f"example {i}-{j}\t{j % 2}\n" for j in range(5)))

reader = ShardReader([f"shard_{i}.txt" for i in range(3)])
print("shards:", reader.paths)
for step, batch in enumerate(BatchIterator(reader, batch_size=4)):
    print(step, batch)
