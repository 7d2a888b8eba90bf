"""ValueError: write() requires mode 'w', 'x', or 'a': files added (write, writestr, open(name, 'w')) to a zipfile.ZipFile opened without a mode, which defaults to 'r' (adding metrics or a manifest to an existing model bundle)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys
import zipfile
from pathlib import Path

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
Path("export").mkdir()
Path("export/model.bin").write_bytes(b"\x00" * (1024 * (V + 1)))
Path("export/vocab.txt").write_text("\n".join(f"tok{i}" for i in range(50)))
Path("export/metrics.json").write_text(json.dumps({"f1": 0.871, "accuracy": 0.912}))

with zipfile.ZipFile("bundle.zip", "w", compression=zipfile.ZIP_DEFLATED) as zf:
    zf.write("export/model.bin", "model.bin")
    zf.write("export/vocab.txt", "vocab.txt")
print("bundle.zip:", zipfile.ZipFile("bundle.zip").namelist())

if V == 0:
    print("adding evaluation metrics to the bundle")
    with zipfile.ZipFile("bundle.zip") as zf:
        zf.write("export/metrics.json", "metrics.json")
elif V == 1:
    manifest = {"files": [], "created_by": "export.py"}
    with zipfile.ZipFile("bundle.zip") as zf:
        for info in zf.infolist():
            manifest["files"].append({"name": info.filename, "size": info.file_size})
            print(f"{info.filename}: {info.file_size} bytes")
        zf.writestr("MANIFEST.json", json.dumps(manifest, indent=2))
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("bundle")

    def add_to_bundle(bundle, files):
        with zipfile.ZipFile(bundle) as zf:
            existing = set(zf.namelist())
            for f in files:
                if Path(f).name in existing:
                    log.info("skip %s (already in bundle)", f)
                    continue
                log.info("adding %s", f)
                zf.write(f, Path(f).name)

    add_to_bundle("bundle.zip", ["export/vocab.txt", "export/metrics.json"])
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("labels")
    labels = ["billing", "shipping", "technical"]
    zf = zipfile.ZipFile("bundle.zip")
    log.info("bundle has %d files", len(zf.namelist()))
    with zf.open("labels.txt", "w") as handle:
        handle.write("\n".join(labels).encode())
    zf.close()
