"""shutil.make_archive given a file extension instead of a format name when packaging a model bundle ('tar.gz', 'tgz' taken from the target's suffix, 'ZIP' from an env var): ValueError: unknown archive format 'tar.gz'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import os
import shutil
import sys
from pathlib import Path

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def stage_bundle(folder):
    folder = Path(folder)
    (folder / "weights").mkdir(parents=True, exist_ok=True)
    (folder / "weights" / "model.bin").write_bytes(os.urandom(2048))
    (folder / "model_card.json").write_text(json.dumps({"model": "price-elasticity", "version": "1.8.0"}))
    (folder / "features.txt").write_text("price\npromo_flag\nweek_of_year\n")
    return folder


def package_bundle(folder, out_base):
    return shutil.make_archive(out_base, "tar.gz", root_dir=folder)


def archive_to(folder, target):
    target = Path(target)
    fmt = target.suffix.lstrip(".")
    base = str(target.with_suffix(""))
    return shutil.make_archive(base, fmt, root_dir=folder)


def release(version):
    staged = stage_bundle(f"build/ranker-{version}")
    print(f"staged {sum(1 for _ in staged.rglob('*'))} files", flush=True)
    return archive_to(staged, f"dist/ranker-{version}.tgz")


def ship_eval_reports(log):
    Path("reports").mkdir(exist_ok=True)
    for week in (47, 48, 49):
        Path("reports", f"eval_week{week}.html").write_text(f"<h1>week {week}</h1>")
    fmt = os.environ.get("REPORT_ARCHIVE_FORMAT", "zip")
    log.info("archiving %d reports as %s", len(list(Path("reports").iterdir())), fmt)
    return shutil.make_archive("eval_reports_2024w49", fmt, root_dir="reports")


if V == 0:
    folder = stage_bundle("bundle/price-elasticity")
    print(package_bundle(folder, "price-elasticity-1.8.0"))
elif V == 1:
    print(release("3.2.0"))
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    os.environ["REPORT_ARCHIVE_FORMAT"] = "ZIP"
    print(ship_eval_reports(logging.getLogger("reports.ship")))
