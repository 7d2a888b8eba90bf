"""KeyError on a csv.DictReader row because the header has a typo, a space or different case."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

HEADERS = ["id,txet,label\n", "id, text, label\n", "ID,Text,Label\n"]
with open("data.csv", "w", encoding="utf-8") as f:
    f.write(HEADERS[V])
    f.write("1,hello,pos\n2,bad,neg\n")

KEY = ["text", "text", "label"][V]
with open("data.csv", encoding="utf-8") as f:
    for row in csv.DictReader(f):
        print(row[KEY])
