"""struct.error reading or writing a binary file: short buffer, value out of range for the format, float for an int."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import struct
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
HEADER = "<IIh"  # magic, count, version


def write_index(path, count, version):
    with open(path, "wb") as f:
        f.write(struct.pack(HEADER, 0xCAFE, count, version))
        f.write(struct.pack("<I", count * 1.5 if V == 2 else count))


def read_index(path):
    with open(path, "rb") as f:
        magic, count = struct.unpack("<II", f.read(struct.calcsize("<II")))
        offsets = struct.unpack("<" + "Q" * count, f.read(8 * count))
    return magic, offsets


if V == 0:
    write_index("index.bin", 3, 1)
    print(read_index("index.bin"))
elif V == 1:
    write_index("index.bin", 3, 40000)
else:
    write_index("index.bin", 3, 2)
