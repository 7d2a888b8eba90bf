"""The artifact store serves model.safetensors gzip-compressed (Content-Encoding: gzip) and the deploy script saves the raw body, so the file on disk is a gzip stream."""
# beside: export-torch-save-file-named-safetensors
# why: the export wrote a real safetensors file; the copy on the serving host is its gzip-compressed download, not a torch.save archive under a .safetensors name.
EXPECT = []
VARIANTS = 3

import gzip
import io
import logging
import os
import sys

import torch
from safetensors.torch import load_file, save
from torch import nn

VARIANT = int(sys.argv[1])
torch.manual_seed(0)


def build_model(n_in):
    return nn.Sequential(nn.Linear(n_in, 64), nn.ReLU(), nn.Linear(64, 3))


def artifact_store_get(blob):
    """The store's response body: gzip-encoded, as stored by the uploader with compression on."""
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=1717400000 + VARIANT) as gz:
        gz.write(blob)
    return buf.getvalue()


def deploy(out_dir, blob):
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "model.safetensors"), "wb") as fh:
        fh.write(artifact_store_get(blob))  # raw body, not decoded


def serve_load(out_dir, n_in):
    model = build_model(n_in)
    model.load_state_dict(load_file(os.path.join(out_dir, "model.safetensors")))
    return model


def main():
    n_in = {0: 20, 1: 32, 2: 20}[VARIANT]
    out_dir = {0: "export/intent-clf", 1: "serving/models/intent-clf", 2: "export/intent-clf"}[VARIANT]
    blob = save(build_model(n_in).state_dict())  # what export_model.py uploads: real safetensors bytes
    deploy(out_dir, blob)
    if VARIANT == 2:
        print(f"pulled intent-clf ({len(blob)} bytes uncompressed)")
    serve_load(out_dir, n_in)


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s serving: %(message)s")
        logging.info("loading serving/models/intent-clf")
        try:
            main()
        except Exception:
            logging.exception("model load failed")
            sys.exit(1)
    else:
        main()
