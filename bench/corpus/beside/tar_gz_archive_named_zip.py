"""The annotation vendor delivers batches packed with tar + gzip but names them .zip; the intake script opens them with zipfile."""
# beside: ranker-bundle-zip-copied-while-export-writing
# why: the file is a complete archive in another format (tar.gz named .zip by the vendor), not a zip copied before its writer finished.
EXPECT = []
VARIANTS = 2

import io
import json
import logging
import os
import sys
import tarfile
import zipfile

VARIANT = int(sys.argv[1])
DELIVERY = {0: "incoming/vendor_batch_014.zip", 1: "incoming/vendor_batch_015.zip"}[VARIANT]


def vendor_delivery():
    os.makedirs("incoming", exist_ok=True)
    with tarfile.open(DELIVERY, "w:gz") as tar:
        for i in range(20):
            data = json.dumps({"image": f"{i:05d}.jpg", "label": "dent" if i % 3 else "ok"}).encode()
            info = tarfile.TarInfo(f"labels/{i:05d}.json")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))


def intake(path):
    with zipfile.ZipFile(path) as batch:
        return [json.loads(batch.read(name)) for name in batch.namelist() if name.endswith(".json")]


if __name__ == "__main__":
    vendor_delivery()
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s intake: %(message)s")
        logging.info("processing %s", DELIVERY)
        try:
            print(f"{len(intake(DELIVERY))} labels")
        except Exception:
            logging.exception("intake failed")
            sys.exit(1)
    else:
        print(f"{len(intake(DELIVERY))} labels")
