"""_csv.Error: field larger than field limit (131072) reading a CSV with long text or an unclosed quote."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
with open("documents.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["doc_id", "text"])
    for i in range(50):
        w.writerow([i, "short text " * 3])
    if V == 0:
        w.writerow([50, "lorem ipsum " * 15000])  # a whole book in one cell
    else:
        f.write('51,"unterminated quote\n')
        for i in range(52, 12052):
            f.write(f"{i},regular row number {i}\n")


def iter_documents(path):
    with open(path, newline="") as f:
        for row in csv.DictReader(f) if V < 2 else csv.reader(f, delimiter=","):
            yield row


count = 0
for count, row in enumerate(iter_documents("documents.csv"), 1):
    if count % 20 == 0:
        print(f"read {count} rows", flush=True)
print("total", count)
