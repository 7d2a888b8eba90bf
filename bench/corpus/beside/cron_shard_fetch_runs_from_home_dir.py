"""The shard fetch was moved from a manual step to a crontab entry; cron starts jobs in the home directory, and the job extracts the relative paths listed in its manifest (shards/train-00000.tar.gz), which only exist under the project folder."""
# beside: image-shards-written-uncompressed-still-named-tar-gz
# why: the shards are real gzipped tars; tar cannot open them because cron runs the job from another working directory ("Cannot open: No such file or directory"), and the fix is to cd into the project (or use absolute paths), not to rename or recompress shards.
EXPECT = []
VARIANTS = 3

import io
import os
import subprocess
import sys
import tarfile

VARIANT = int(sys.argv[1])

os.makedirs("project/shards", exist_ok=True)
for s in range(2):
    with tarfile.open(f"project/shards/train-{s:05d}.tar.gz", "w:gz") as tar:
        info = tarfile.TarInfo(f"train_{s:05d}_0000.jpg")
        info.size = 4
        tar.addfile(info, io.BytesIO(b"\xff\xd8\xff\xe0"))
with open("project/shards/manifest.txt", "w") as fh:
    fh.write("shards/train-00000.tar.gz\nshards/train-00001.tar.gz\n")
os.makedirs("home", exist_ok=True)
os.chdir("home")  # cron: HOME is the working directory


def extract(shard, dest):
    os.makedirs(dest, exist_ok=True)
    subprocess.run(["tar", "-xzf", shard, "-C", dest], check=True)


with open(os.path.join("..", "project", "shards", "manifest.txt")) as fh:
    shards = fh.read().split()
if VARIANT == 1:
    print(f"[cron] fetch_shards: {len(shards)} shards", flush=True)
if VARIANT == 2:
    print("fetch_shards 02:15 start", flush=True)
for shard in shards:
    extract(shard, "data/train")
