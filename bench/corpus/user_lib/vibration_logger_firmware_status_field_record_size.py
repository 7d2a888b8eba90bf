"""The pump vibration loggers' firmware 2.1 appends a uint32 status word to every record (24 bytes instead of 20); ingest/logger_bin.py still unpacks the .bin files with the 2.0 record format '<dfff'."""
EXPECT = ["vibration-logger-firmware-2-1-record-grew-status-word"]
VARIANTS = 4

import logging
import os
import struct
import sys

import numpy as np

VARIANT = int(sys.argv[1])
RECORD = {0: "<dfff", 1: "<Ifff", 2: "<dfff", 3: "<dfff"}[VARIANT]  # ingest/logger_bin.py: timestamp, ax, ay, az
FIRMWARE_21 = {0: "<dfffI", 1: "<IfffI", 2: "<dfffI", 3: "<dfffI"}[VARIANT]  # + status word since 2.1


def logger_upload(path, n_records, fmt):
    """What the logger uploads to the gateway: raw little-endian records, no header."""
    rng = np.random.default_rng(VARIANT)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        for i in range(n_records):
            values = [1717400000.0 + i / 1000 if fmt[1] == "d" else 1717400000 + i, *rng.normal(0, 0.2, 3)]
            if fmt.endswith("I"):
                values.append(0x0001)
            fh.write(struct.pack(fmt, *values))


def read_bin(path):
    with open(path, "rb") as fh:
        data = fh.read()
    return np.array(list(struct.iter_unpack(RECORD, data)), dtype=np.float64)


def rms_per_axis(records):
    return np.sqrt((records[:, 1:4] ** 2).mean(axis=0))


def ingest_day(folder):
    out = {}
    for name in sorted(os.listdir(folder)):
        if VARIANT == 3:
            print(f"reading {name}")
        out[name] = rms_per_axis(read_bin(os.path.join(folder, name)))
    return out


def main():
    folder = {0: "uploads/2024-06-03", 1: "gateway/pump_station_4/2024-06-03", 2: "uploads/2024-06-03",
              3: "uploads/2024-06-03"}[VARIANT]
    logger_upload(os.path.join(folder, "P4-01.bin"), 1001, RECORD)  # still on 2.0
    logger_upload(os.path.join(folder, "P4-02.bin"), {0: 1001, 1: 997, 2: 1001, 3: 1203}[VARIANT], FIRMWARE_21)
    if VARIANT == 1:
        print(ingest_day(folder))
    else:
        for name, rms in ingest_day(folder).items():
            print(f"{name}: rms x={rms[0]:.3f} y={rms[1]:.3f} z={rms[2]:.3f}")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s ingest: %(message)s")
        logging.info("ingesting vibration uploads for 2024-06-03")
        try:
            main()
        except Exception:
            logging.exception("ingest failed")
            sys.exit(1)
    else:
        main()
