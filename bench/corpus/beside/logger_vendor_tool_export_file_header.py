"""For a warranty claim a technician exported a logger's data with the vendor's desktop tool, which writes a 32-byte file header (magic, format version, serial) before the same 20-byte records; the analysis script unpacks the file from byte 0."""
# beside: vibration-logger-firmware-2-1-record-grew-status-word
# why: the records are still 20 bytes ('<dfff'); the vendor tool's export starts with a 32-byte file header the script does not skip, no firmware changed the record size.
EXPECT = []
VARIANTS = 2

import os
import struct
import sys

import numpy as np

VARIANT = int(sys.argv[1])
RECORD = "<dfff"


def vendor_tool_export(path, n):
    rng = np.random.default_rng(VARIANT)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(struct.pack("<4sHH8s16s", b"VBLG", 3, 20, b"SN48213", b"P4-02"))  # 32-byte header
        for i in range(n):
            fh.write(struct.pack(RECORD, 1717400000.0 + i / 1000, *rng.normal(0, 0.2, 3)))


def read_bin(path):
    with open(path, "rb") as fh:
        data = fh.read()
    return np.array(list(struct.iter_unpack(RECORD, data)))


path = {0: "claims/W-2291/P4-02_export.bin", 1: "claims/W-2304/P7-11_export.bin"}[VARIANT]
vendor_tool_export(path, {0: 5000, 1: 1800}[VARIANT])
records = read_bin(path)
print(f"{len(records)} records, peak |a| = {np.abs(records[:, 1:]).max():.3f} g")
