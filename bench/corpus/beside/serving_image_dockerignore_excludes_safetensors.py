"""The serving image is built from the repo with the bundle in bundle/intent-v4; a developer added `*.safetensors` to .dockerignore to keep local experiment weights out of images, so the COPY of the bundle arrives without its (single, unsharded) weights file."""
# beside: intent-bundle-packager-allowlist-skips-sharded-weights
# why: the packaged bundle is complete (one model.safetensors, no shards); the build context's .dockerignore drops it, and the fix is a .dockerignore exception for bundle/, not a change to the packager's allow-list.
EXPECT = []
VARIANTS = 2

import fnmatch
import os
import shutil
import sys

from transformers import AutoModelForSequenceClassification, BertConfig, BertForSequenceClassification

VARIANT = int(sys.argv[1])

config = BertConfig(vocab_size=500, hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=64, num_labels=23)
BertForSequenceClassification(config).save_pretrained("repo/bundle/intent-v4")
with open("repo/.dockerignore", "w") as fh:
    fh.write(".git\n__pycache__\n*.ipynb\n*.safetensors\n")


def docker_build_context(src, dst):
    """What `docker build` sends: the repo minus .dockerignore patterns."""
    with open(os.path.join(src, ".dockerignore")) as fh:
        patterns = [line.strip() for line in fh if line.strip()]
    for root, _, files in os.walk(src):
        for name in files:
            rel = os.path.relpath(os.path.join(root, name), src)
            if any(fnmatch.fnmatch(name, p) or fnmatch.fnmatch(rel, p) for p in patterns):
                continue
            os.makedirs(os.path.join(dst, os.path.dirname(rel)), exist_ok=True)
            shutil.copy2(os.path.join(root, name), os.path.join(dst, rel))


docker_build_context("repo", "image")
os.chdir("image")
if VARIANT == 1:
    print("container start: loading bundle/intent-v4")
model = AutoModelForSequenceClassification.from_pretrained("bundle/intent-v4")
print(model.config.num_labels)
