"""struct.error: argument for 's' must be a bytes object: a binary header or record written with struct.pack passes a Python str (a magic tag, a dtype name, a label code) for an 's' / 'c' field, which take bytes."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import struct
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
n_vectors, dim = [(100, 64), (50, 128), (20, 32), (75, 16)][V]

HEADER = "<4sIIB7s"       # magic, count, dim, version, dtype name


def write_index(path, magic, dtype_name):
    with open(path, "wb") as f:
        f.write(struct.pack(HEADER, magic, n_vectors, dim, 2, dtype_name))
        f.write(b"\x00" * n_vectors * dim * 4)


if V == 0:
    print(f"writing {n_vectors} x {dim} embedding index")
    write_index("embeddings.idx", "EMBD", b"float32")
elif V == 1:
    print(f"writing {n_vectors} x {dim} embedding index")
    write_index("embeddings.idx", b"EMBD", "float32")
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("records")
    RECORD = "<Qcf"           # item id, grade letter, score
    grades = [("A", 0.93), ("B", 0.71), ("C", 0.52)]
    with open("graded.bin", "wb") as f:
        for item_id, (grade, score) in enumerate(grades * 3):
            log.info("item %d grade %s", item_id, grade)
            f.write(struct.pack(RECORD, item_id, grade, score))
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("shard_header")

    class ShardHeader:
        FMT = "<8sQ16s"

        def __init__(self, split, n_tokens, tokenizer):
            self.split, self.n_tokens, self.tokenizer = split, n_tokens, tokenizer

        def to_bytes(self):
            return struct.pack(self.FMT, self.split.encode(), self.n_tokens, self.tokenizer)

    h = ShardHeader("train", n_vectors * 1000, "bpe-32k-v2")
    log.info("header for %s: %d tokens", h.split, h.n_tokens)
    with open("train_000.bin", "wb") as f:
        f.write(h.to_bytes())
