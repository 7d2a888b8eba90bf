"""A teammate's new bearing-wear dashboard parses the pump stations' logger uploads with its own reader, written against the firmware 2.0 record layout, after the loggers were updated to 2.1."""
# beside: vibration-logger-firmware-2-1-record-grew-status-word
# why: the uploads come from loggers on firmware 2.1 (24-byte records with the status word) and the reader unpacks 20-byte '<dfff' records, the entry's cause and fix.
EXPECT = ["vibration-logger-firmware-2-1-record-grew-status-word"]
VARIANTS = 2

import os
import struct
import sys

import numpy as np

VARIANT = int(sys.argv[1])


def upload(path, n):
    """A pump station logger on firmware 2.1: timestamp, ax, ay, az, status."""
    rng = np.random.default_rng(7 + VARIANT)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        for i in range(n):
            fh.write(struct.pack("<dfffI", 1717500000.0 + i / 1000, *rng.normal(0, 0.3, 3), 1))


def bearing_band_energy(path):
    with open(path, "rb") as fh:
        rec = np.array([r[1:] for r in struct.iter_unpack("<dfff", fh.read())])
    spectrum = np.abs(np.fft.rfft(rec[:, 2]))
    return float(spectrum[100:300].sum())


station = {0: "P2", 1: "P6"}[VARIANT]
path = f"uploads/2024-06-04/{station}-01.bin"
upload(path, {0: 2049, 1: 3333}[VARIANT])
print(f"{station}: bearing band energy {bearing_band_energy(path):.1f}")
