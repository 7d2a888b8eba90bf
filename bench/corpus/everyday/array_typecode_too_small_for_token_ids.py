"""OverflowError: unsigned short is greater than maximum: token ids written to a binary shard with a fixed-width type chosen for an older vocabulary (array('H') / uint16 after moving to a 100k-token vocab, int.to_bytes(2, ...)) or labels with a -100 ignore index stored as unsigned bytes."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import random
import sys
from array import array

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
random.seed(V)
VOCAB_SIZE = [100_277, 128_000, 32_000, 151_936][V]
docs = [[random.randrange(VOCAB_SIZE) for _ in range(random.randint(20, 60))] for _ in range(6)]
if V != 2:
    docs[3][5] = VOCAB_SIZE - 1        # make sure a high id occurs


def write_shard(path, docs, typecode="H"):
    buf = array(typecode)
    for i, ids in enumerate(docs):
        buf.extend(ids)
        print(f"doc {i}: {len(ids)} tokens (total {len(buf)})")
    with open(path, "wb") as f:
        buf.tofile(f)


if V == 0:
    print(f"vocab size {VOCAB_SIZE}, writing uint16 shard")
    write_shard("train_000.bin", docs)
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("pack")

    def pack_ids(ids):
        return b"".join(i.to_bytes(2, "little") for i in ids)

    with open("val_000.bin", "wb") as f:
        for i, ids in enumerate(docs):
            log.info("packing doc %d (%d tokens)", i, len(ids))
            f.write(pack_ids(ids))
elif V == 2:
    labels = []
    for ids in docs:
        labels.append([-100] * 4 + ids[4:])       # prompt tokens are not scored
    print(f"storing {len(labels)} label rows as bytes (class ids < 256)")
    tags = [[t % 9 if t >= 0 else t for t in row] for row in labels]
    with open("labels.bin", "wb") as f:
        for row in tags:
            array("B", row).tofile(f)
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("shards")

    class ShardWriter:
        def __init__(self, path, typecode="H"):
            self.path, self.buf = path, array(typecode)

        def add(self, ids):
            self.buf.fromlist(ids)

        def close(self):
            with open(self.path, "wb") as f:
                self.buf.tofile(f)

    w = ShardWriter("train_007.bin")
    for i, ids in enumerate(docs):
        log.info("doc %d max id %d", i, max(ids))
        w.add(ids)
    w.close()
