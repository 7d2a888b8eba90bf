r"""re.error: bad escape \d at position 2: a Windows path (D:\datasets, C:\Users, \\nas\share) used as the replacement string of re.sub / Pattern.sub / pandas str.replace(regex=True), where backslashes are template escapes, to rewrite data roots in a manifest."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import re
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
n = [5, 3, 4, 6][V]
manifest = [f"/mnt/data/train/img_{i:05d}.jpg,{i % 4}" for i in range(n)]
with open("manifest.csv", "w") as f:
    f.write("path,label\n" + "\n".join(manifest) + "\n")

if V == 0:
    new_root = r"D:\datasets\train"
    with open("manifest.csv") as f:
        header = next(f)
        for line in f:
            print(re.sub(r"^/mnt/data/train", new_root, line.rstrip()))
elif V == 1:
    with open("paths.json", "w") as f:
        json.dump({"data_root": "C:\\Users\\mlops\\data"}, f)
    with open("paths.json") as f:
        root = json.load(f)["data_root"]
    print("data root from paths.json:", root)

    def localize(path):
        return re.sub(r"^/mnt/data", root, path)

    print([localize(m.split(",")[0]) for m in manifest])
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("remap")
    ROOT = re.compile(r"^/mnt/data")
    target = "\\\\nas01\\shared\\vision"
    log.info("remapping %d paths to %s", len(manifest), target)
    remapped = [ROOT.sub(target, m) for m in manifest]
    log.info("first: %s", remapped[0])
else:
    import pandas as pd

    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("manifest")
    df = pd.read_csv("manifest.csv")
    log.info("%d rows, labels %s", len(df), sorted(df["label"].unique()))
    df["path"] = df["path"].str.replace(r"^/mnt/data", r"E:\new_data", regex=True)
    log.info("%s", df.head())
