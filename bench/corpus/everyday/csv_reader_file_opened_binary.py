"""csv.reader / DictReader fed a binary stream (open 'rb', gzip.open default mode, BytesIO of a download): _csv.Error: iterator should return strings, not bytes."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import gzip
import io
import sys

VARIANT = int(sys.argv[1])

rows = [("id", "text", "label")] + [(str(i), f"sample text {i}", str(i % 3)) for i in range(50)]
body = "\n".join(",".join(r) for r in rows) + "\n"
with open("labels.csv", "w") as f:
    f.write(body)
with gzip.open("labels.csv.gz", "wt") as f:
    f.write(body)

if VARIANT == 0:
    with open("labels.csv", "rb") as f:
        reader = csv.reader(f)
        header = next(reader)
        print(header)
elif VARIANT == 1:
    counts = {}
    with gzip.open("labels.csv.gz") as f:
        for row in csv.DictReader(f):
            counts[row["label"]] = counts.get(row["label"], 0) + 1
    print(counts)
else:
    downloaded = body.encode("utf-8")  # what an HTTP client's .content returns
    print(f"downloaded {len(downloaded)} bytes")
    data = list(csv.DictReader(io.BytesIO(downloaded)))
    print(len(data))
