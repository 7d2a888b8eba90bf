"""The deploy step copies the files listed in deploy/manifest.txt into build/app; the manifest lists serve.py and the model but not the features/ package serve.py imports."""
# beside: pipeline-pickle-references-old-features-module
# why: the features package exists in the repo and was never moved; the deploy manifest forgot to ship it, so the import fails in the bundle.
EXPECT = []
VARIANTS = 2

import os
import shutil
import subprocess
import sys

VARIANT = int(sys.argv[1])

SERVE = '''
import json
import logging
import sys

from features import build_row

log = logging.getLogger("serve")


def handle(request):
    return {"row": build_row(request)}


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log.info("ready")
    print(json.dumps(handle({"tenure_months": 12, "monthly_charges": 40.0})))
'''

SERVE_LOGGED = '''
import logging
import sys

log = logging.getLogger("serve")


def load_handlers():
    from features import build_row

    return build_row


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log.info("starting scoring worker")
    try:
        load_handlers()
    except Exception:
        log.exception("worker failed to start")
        sys.exit(1)
'''

FEATURES = '''
def build_row(request):
    return [request["tenure_months"], request["monthly_charges"], request["monthly_charges"] * request["tenure_months"]]
'''


def write(path, text):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as fh:
        fh.write(text)


def bundle(manifest, out):
    os.makedirs(out, exist_ok=True)
    with open(manifest) as fh:
        for line in fh:
            name = line.strip()
            if name:
                print(f"copy {name} -> {out}/", flush=True)
                shutil.copy(name, os.path.join(out, os.path.basename(name)))


write("features/__init__.py", FEATURES)
write("serve.py", SERVE if VARIANT == 0 else SERVE_LOGGED)
write("model.bin", "weights")
write("deploy/manifest.txt", "serve.py\nmodel.bin\n" + ("requirements.txt\n" if VARIANT == 1 else ""))
if VARIANT == 1:
    write("requirements.txt", "numpy\n")
bundle("deploy/manifest.txt", "build/app")
done = subprocess.run([sys.executable, "serve.py"], cwd="build/app")
sys.exit(done.returncode)
