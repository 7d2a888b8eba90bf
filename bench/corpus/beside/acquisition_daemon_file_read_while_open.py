"""The live dashboard reads today's acquisition file while the acquisition daemon still has it open; the daemon (C, stdio full buffering) writes its records out in 4 KiB blocks, so the file on disk ends wherever the last block stopped, mid-record."""
# beside: vibration-logger-firmware-2-1-record-grew-status-word
# why: the record format is right; the file is read while its writer still holds unflushed bytes, so its size is a multiple of the block, not of the record; the fix is to read only complete records (or a closed file), not a new record format.
EXPECT = []
VARIANTS = 3

import logging
import os
import struct
import sys

import numpy as np

VARIANT = int(sys.argv[1])
RECORD = {0: "<qhhh", 1: "<qhhhhh", 2: "<dhhh"}[VARIANT]  # timestamp + raw ADC counts per channel
BLOCK = 4096


class AcquisitionDaemon:
    """Stands in for the C daemon: fwrite into a 4 KiB stdio buffer, flushed a block at a time."""

    def __init__(self, path):
        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        self.buf = bytearray()

    def write(self, record):
        self.buf += record
        while len(self.buf) >= BLOCK:
            os.write(self.fd, bytes(self.buf[:BLOCK]))
            del self.buf[:BLOCK]

    def close(self):
        os.write(self.fd, bytes(self.buf))
        os.close(self.fd)


def main():
    os.makedirs("acq", exist_ok=True)
    path = {0: "acq/2024-06-03.bin", 1: "acq/line2_2024-06-03.bin", 2: "acq/2024-06-04.bin"}[VARIANT]
    daemon = AcquisitionDaemon(path)
    rng = np.random.default_rng(VARIANT)
    n_channels = (struct.calcsize(RECORD) - 8) // 2
    for i in range(2500):
        ts = 1717400000_000000000 + i * 1_000_000 if RECORD[1] == "q" else 1717400000.0 + i / 1000
        daemon.write(struct.pack(RECORD, ts, *rng.integers(-2000, 2000, n_channels).tolist()))
    print(f"dashboard: reading {path} ({os.path.getsize(path)} bytes on disk)")
    with open(path, "rb") as fh:
        samples = np.array(list(struct.iter_unpack(RECORD, fh.read())))
    print(samples[-5:])
    daemon.close()


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s live-dashboard: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("refresh failed")
            sys.exit(1)
    else:
        main()
