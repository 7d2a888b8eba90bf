"""The data-prep script creates data/raw/images.zip as an empty placeholder (so a later step "exists"), and the download step skips any archive that already exists."""
# beside: ranker-bundle-zip-copied-while-export-writing
# why: the archive is a 0-byte placeholder the user's own prep step created and the download then skipped; nothing copied a bundle while it was being written.
EXPECT = []
VARIANTS = 2

import os
import sys
import urllib.request
import zipfile

VARIANT = int(sys.argv[1])
ARCHIVE = {0: "data/raw/images.zip", 1: "data/raw/labels_2024-06.zip"}[VARIANT]
URL = "https://datasets.internal.example/defects/" + os.path.basename(ARCHIVE)


def prepare_dirs():
    os.makedirs(os.path.dirname(ARCHIVE), exist_ok=True)
    open(ARCHIVE, "a").close()  # "touch" so make sees the target


def download(path):
    if os.path.exists(path):
        print(f"{path} already present, skipping download")
        return path
    urllib.request.urlretrieve(URL, path)
    return path


def extract(path, out):
    with zipfile.ZipFile(path) as archive:
        archive.extractall(out)


prepare_dirs()
extract(download(ARCHIVE), "data/images")
