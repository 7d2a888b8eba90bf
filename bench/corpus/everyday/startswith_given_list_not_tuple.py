"""str.startswith / endswith given a list of prefixes or extensions (from a config) instead of a tuple: TypeError: ... first arg must be str or a tuple of str, not list."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import sys

import yaml

VARIANT = int(sys.argv[1])

os.makedirs("raw", exist_ok=True)
for name in ["a.jpg", "b.PNG", "c.jpeg", "notes.txt", "d.png"]:
    open(os.path.join("raw", name), "w").close()
with open("filters.yaml", "w") as f:
    f.write("extensions: [.jpg, .jpeg, .png]\nskip_prefixes: ['#', '//']\n")

cfg = yaml.safe_load(open("filters.yaml"))

if VARIANT == 0:
    files = sorted(os.listdir("raw"))
    print(f"{len(files)} files in raw/")
    images = [f for f in files if f.lower().endswith(cfg["extensions"])]
    print(images)
elif VARIANT == 1:
    lines = ["# header", "cat 0", "// old", "dog 1"]
    for line in lines:
        if line.startswith(cfg["skip_prefixes"]):
            continue
        print(line.split())
else:
    url_prefixes = ["http://", "https://", "s3://"]
    for uri in ["s3://bucket/train/part-0", "/mnt/data/train/part-1"]:
        kind = "remote" if uri.startswith(url_prefixes) else "local"
        print(uri, kind)
