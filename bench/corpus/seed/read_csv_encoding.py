"""pandas.read_csv with default utf-8 on a CSV exported as GBK / cp1252 / UTF-16, or a UTF-8 file read as gbk."""
EXPECT = ["read-csv-encoding"]
VARIANTS = 5

import sys

import pandas as pd

v = int(sys.argv[1])
rows = [("中文评论", 1), ("质量很好，物流快", 1), ("太差了", 0)] if v != 1 else [("Café crème", 1), ("naïve façade", 0), ("Müller", 1)]
text = "text,label\n" + "".join(f"{t},{y}\n" for t, y in rows)
name = ["reviews_export.csv", "comments_win.csv", "data/评论.csv", "train.csv", "excel_dump.csv"][v]
if "/" in name:
    import os
    os.makedirs("data", exist_ok=True)
encoding = ["gbk", "cp1252", "gb18030", "utf-8", "utf-16"][v]
with open(name, "w", encoding=encoding, newline="") as f:
    f.write(text)

if v == 3:
    df = pd.read_csv(name, encoding="gbk")
elif v == 2:
    for chunk in pd.read_csv(name, chunksize=2):
        print(chunk)
else:
    df = pd.read_csv(name)
print(df.head())
