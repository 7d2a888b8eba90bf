"""Process whose /tmp, /var/tmp and working dir are read-only (docker --read-only without a tmpfs): tempfile finds no usable directory."""
EXPECT = ["docker-tmp-not-writable"]
VARIANTS = 4

import os
import sys

if os.environ.get("RO_ROOT") != "1":   # rerun in a mount namespace where the temp dirs are read-only bind mounts
    os.environ["RO_ROOT"] = "1"
    os.execvp("unshare", ["unshare", "-rm", "sh", "-c",
                          'for d in /tmp /var/tmp "$PWD"; do mount --bind -o ro "$d" "$d"; done && exec "$0" "$@"',
                          sys.executable, *sys.argv])

import logging
import tempfile

v = int(sys.argv[1])
if v == 0:
    print("tempdir:", tempfile.gettempdir())
elif v == 1:
    import torch
    with tempfile.NamedTemporaryFile(suffix=".pt") as f:
        torch.save({"step": 100}, f.name)
elif v == 2:
    fd, path = tempfile.mkstemp(prefix="tmp", dir="/tmp")     # code that hard-codes /tmp
else:
    logging.basicConfig(level=logging.INFO)
    logging.info("preparing scratch space for the cache")
    try:
        scratch = tempfile.mkdtemp(prefix="hf_cache_")
    except Exception:
        logging.exception("could not create scratch dir")
        sys.exit(1)
