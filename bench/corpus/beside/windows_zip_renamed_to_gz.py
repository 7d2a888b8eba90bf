"""A category manager sent this month's promo calendar by zipping the CSV on Windows ("Send to > Compressed folder") and renaming the archive to .csv.gz because the upload form only accepts that extension."""
# beside: supplier-feed-fetch-saves-httpx-decoded-body-as-gz
# why: the file is a zip archive with a .gz name from a person's manual upload; nothing decoded an HTTP response, and the body is not plain CSV but a zip.
EXPECT = []
VARIANTS = 2

import gzip
import logging
import os
import sys
import zipfile

import pandas as pd

VARIANT = int(sys.argv[1])
UPLOAD = {0: "uploads/promo_calendar_2024-07.csv.gz", 1: "uploads/markdowns_week27.csv.gz"}[VARIANT]


def manual_upload():
    os.makedirs("uploads", exist_ok=True)
    rows = "promo_id,sku,start,end,discount\n" + "".join(f"P{i},SKU-{10000 + i},2024-07-01,2024-07-14,0.15\n" for i in range(80))
    with zipfile.ZipFile(UPLOAD, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("promo_calendar.csv", rows)


def load_upload(path):
    with gzip.open(path, "rt") as fh:
        return pd.read_csv(fh)


manual_upload()
if VARIANT == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s promo-import: %(message)s")
    logging.info("importing %s", UPLOAD)
print(load_upload(UPLOAD).head())
