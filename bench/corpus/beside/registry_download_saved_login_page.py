"""The weights download from the internal model registry ran without a token; the registry answered its HTML sign-in page, saved as model.safetensors."""
# beside: export-torch-save-file-named-safetensors
# why: the file is an HTML page from an unauthenticated download, not a torch.save checkpoint named .safetensors.
EXPECT = []
VARIANTS = 2

import os
import sys

VARIANT = int(sys.argv[1])

LOGIN_PAGE = """<!DOCTYPE html>
<html><head><title>Sign in - Model Registry</title></head>
<body><form action="/login" method="post"><input name="user"><input name="password" type="password"></form></body></html>
"""


def download(url, dest):
    # what the registry's proxy returns without an Authorization header (status 200)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open(dest, "w") as fh:
        fh.write(LOGIN_PAGE)


dest = {0: "cache/sentiment-v2/model.safetensors", 1: "weights/ner-large/model.safetensors"}[VARIANT]
download(f"https://registry.internal/models/{dest.split('/')[1]}/model.safetensors", dest)
if VARIANT == 1:
    from safetensors import safe_open

    print(f"downloaded {os.path.getsize(dest)} bytes")
    with safe_open(dest, framework="pt") as fh:
        names = list(fh.keys())
else:
    from safetensors.torch import load_file

    load_file(dest)
