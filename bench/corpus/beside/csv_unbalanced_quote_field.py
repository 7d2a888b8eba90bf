"""A review text starts with an unmatched double quote; csv reads everything after it as one quoted field."""
# beside: catalog-csv-base64-thumbnail-field-limit
# why: the huge field is the rest of the file swallowed by an unbalanced quote, not a genuinely large base64 column.
EXPECT = []
VARIANTS = 2

import csv
import sys

VARIANT = int(sys.argv[1])

with open("reviews.tsv", "w") as fh:
    fh.write("id\trating\ttext\n")
    for i in range(4000):
        text = '"best purchase ever' if i == 10 else f"review number {i}, fine product"
        fh.write(f"{i}\t{i % 5 + 1}\t{text}\n")
with open("reviews.tsv", newline="") as fh:
    reader = csv.DictReader(fh, delimiter="\t")
    for n, row in enumerate(reader):
        if VARIANT == 1 and n % 5 == 0:
            print(f"row {n}: rating {row['rating']}")
