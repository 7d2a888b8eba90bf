"""zipfile.BadZipFile / KeyError when opening a corrupt archive or a missing member."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
import zipfile

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with zipfile.ZipFile("dataset.zip", "w") as z:
    z.writestr("dataset/train.csv", "a,b\n1,2\n")
with open("dataset_partial.zip", "wb") as f:
    f.write(open("dataset.zip", "rb").read()[:40])

if V == 0:
    with zipfile.ZipFile("dataset_partial.zip") as z:
        z.extractall("data")
elif V == 1:
    with zipfile.ZipFile("dataset.zip") as z:
        print(z.read("train.csv"))
else:
    with open("notes.txt", "w") as f:
        f.write("not an archive")
    zipfile.ZipFile("notes.txt").extractall()
