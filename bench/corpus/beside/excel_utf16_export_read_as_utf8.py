"""A product list saved from Excel as "Unicode Text" is UTF-16 with a byte-order mark, and is read as UTF-8."""
# beside: clickstream-nightly-dump-gzipped-same-name
# why: the file is UTF-16 text from Excel, not a gzip-compressed dump kept under its old name.
EXPECT = []
VARIANTS = 2

import sys

VARIANT = int(sys.argv[1])

path = {0: "product_list.txt", 1: "synonyms_export.tsv"}[VARIANT]
lines = {0: ["sku\tname", "1001\tRunning shoe", "1002\tTrail shoe"], 1: ["term\tsynonym", "sneaker\ttrainer", "hoodie\tsweatshirt"]}[VARIANT]
with open(path, "w", encoding="utf-16") as fh:
    fh.write("\n".join(lines) + "\n")

if VARIANT == 1:
    print(f"loading synonyms from {path}")
    with open(path, encoding="utf-8") as fh:
        synonyms = dict(line.rstrip("\n").split("\t") for line in fh)
else:
    with open(path, encoding="utf-8") as fh:
        header = fh.readline()
