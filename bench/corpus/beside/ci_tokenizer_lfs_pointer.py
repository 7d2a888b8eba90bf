"""The CI eval job checks out the repo without git-lfs and loads models/tokenizer/vocab.json."""
# beside: tokenizer-vocab-json-git-lfs-pointer
# why: the vocab.json in the checkout is the Git LFS pointer text because the job never ran git lfs pull, the entry's own cause.
EXPECT = ["tokenizer-vocab-json-git-lfs-pointer"]
VARIANTS = 2

import json
import os
import sys

VARIANT = int(sys.argv[1])

os.makedirs("models/tokenizer", exist_ok=True)
with open("models/tokenizer/vocab.json", "w") as fh:
    fh.write("version https://git-lfs.github.com/spec/v1\noid sha256:9b1c06e2d4a7f3e8c5b2a9d0e1f4c7b8a3d6e9f2c5b8a1d4e7f0c3b6a9d2e5f8\nsize 871203\n")
if VARIANT == 1:
    print("ci: running tokenizer regression tests")
    print("ci: 14 fixtures")
with open("models/tokenizer/vocab.json", encoding="utf-8") as fh:
    vocab = json.loads(fh.read())
