"""A previous run was killed while writing the results cache, leaving an empty file that is read back as JSON."""
# beside: tokenizer-vocab-json-git-lfs-pointer
# why: the file is empty because an earlier write was interrupted; it is not a Git LFS pointer.
EXPECT = []
VARIANTS = 2

import json
import os
import sys

VARIANT = int(sys.argv[1])

path = {0: "cache/eval_results.json", 1: ".cache/embeddings_index.json"}[VARIANT]
os.makedirs(os.path.dirname(path), exist_ok=True)
open(path, "w").close()  # what the killed run left behind
if os.path.exists(path):
    if VARIANT == 1:
        print(f"reusing cached {path}")
    with open(path) as fh:
        cached = json.load(fh)
