"""Build the search-quality corpus by running scripts that really fail.

    python bench/corpus/build.py --python /path/to/venv/bin/python [--only SET] [--jobs 2] [--root DIR]

Each script under bench/corpus/<set>/ declares, at its top:

    EXPECT = ["seed-or-entry-key", ...]   # the entries that own this fault; [] when none does
    VARIANTS = 3                          # run as `python script.py N` for N in 0..VARIANTS-1

and fails for real when run: torch, transformers, pandas, numpy, scikit-learn, fastapi/uvicorn and the
standard library raise their own messages in the venv given by --python (see bench/corpus/README.md for
how to make it). Each run happens in an empty temporary folder, which the script may fill with what it
needs (a CSV, a config, a checkpoint).

Every run gives the pastes a user would make of it: the whole output (stdout and stderr interleaved as
a terminal shows them: the run is unbuffered into one pipe) and its last line. The corpus is split
once, by script, into a half to tune on and a half only to measure: the half is the first hex digit of
the script's path's SHA-1, even or odd, so adding a script never moves another.

The result is bench/corpus/<set>.jsonl, one paste a line:
    {"id", "set", "script", "variant", "paste" ("output"|"last-line"), "half" ("tune"|"measure"),
     "expect", "query", "exit"}
A run that exits 0 is reported and left out: a script that does not fail tests nothing.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
SETS = ("everyday", "ml_unowned", "seed", "user", "user_lib", "beside")
TIMEOUT = 120


def declared(script: Path) -> tuple[list[str], int]:
    """The EXPECT and VARIANTS a script declares, read without running it."""
    values: dict[str, object] = {}
    for node in ast.parse(script.read_text(encoding="utf-8")).body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target = node.targets[0]
        if isinstance(target, ast.Name) and target.id in {"EXPECT", "VARIANTS"}:
            values[target.id] = ast.literal_eval(node.value)
    expect = values.get("EXPECT", [])
    variants = values.get("VARIANTS", 1)
    assert isinstance(expect, list) and isinstance(variants, int), script
    return [str(key) for key in expect], variants


def half(relative: str) -> str:
    return "tune" if int(hashlib.sha1(relative.encode()).hexdigest()[0], 16) % 2 == 0 else "measure"


def run(python: str, script: Path, variant: int) -> tuple[int, str]:
    with tempfile.TemporaryDirectory(prefix="kb-corpus-") as folder:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": folder,
            "LANG": "C.UTF-8",
            "HF_HUB_OFFLINE": "1",
            "TRANSFORMERS_OFFLINE": "1",
            "PYTHONHASHSEED": "0",
            "PYTHONUNBUFFERED": "1",
            "OMP_NUM_THREADS": "1",
            "TOKENIZERS_PARALLELISM": "false",
        }
        try:
            done = subprocess.run(
                [python, str(script), str(variant)],
                cwd=folder,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                errors="replace",
                timeout=TIMEOUT,
            )
        except subprocess.TimeoutExpired:
            return 0, ""
        return done.returncode, done.stdout


def pastes(output: str) -> dict[str, str]:
    lines = [line for line in output.splitlines() if line.strip()]
    return {"output": output.strip("\n"), "last-line": lines[-1].strip() if lines else ""}


def build(python: str, name: str, jobs: int, only: frozenset[str] = frozenset(), root: Path = HERE) -> int:
    """Run set NAME's scripts under ROOT (only those named in ONLY, keeping the other scripts' rows,
    when given)."""
    folder = root / name
    scripts = sorted(path for path in folder.glob("*.py") if not only or path.name in only)
    target = root / f"{name}.jsonl"
    kept: list[dict[str, object]] = []
    if only and target.exists():
        kept = [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines() if line.strip()]
        kept = [row for row in kept if str(row["script"]).split("/")[-1] not in only]
    work = []
    for script in scripts:
        expect, variants = declared(script)
        work += [(script, expect, variant) for variant in range(variants)]

    def one(item: tuple[Path, list[str], int]) -> list[dict[str, object]]:
        script, expect, variant = item
        code, output = run(python, script, variant)
        relative = f"{name}/{script.name}"
        if code == 0:
            print(f"skipped {relative} {variant}: exited 0 (or timed out)", file=sys.stderr)
            return []
        rows = []
        for kind, text in pastes(output).items():
            if text:
                rows.append(
                    {
                        "id": f"{name}/{script.stem}/{variant}/{kind}",
                        "set": name,
                        "script": relative,
                        "variant": variant,
                        "paste": kind,
                        "half": half(relative),
                        "expect": expect,
                        "query": text,
                        "exit": code,
                    }
                )
        return rows

    with ThreadPoolExecutor(jobs) as pool:
        rows = kept + [row for batch in pool.map(one, work) for row in batch]
    rows.sort(key=lambda row: (str(row["script"]), int(str(row["variant"])), str(row["paste"])))
    temporary = target.with_suffix(".jsonl.tmp")
    lines = (json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    temporary.write_text("".join(lines), encoding="utf-8")
    temporary.replace(target)
    print(f"{name}: {len(scripts)} scripts, {len(rows)} pastes -> {target}")
    return len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--python", required=True, help="the Python of a venv with the ML libraries")
    parser.add_argument("--only", choices=SETS, action="append", help="build only this set (repeatable)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--script", action="append", default=[], help="run only this script (file name), keep the rest"
    )
    parser.add_argument(
        "--root",
        type=Path,
        default=HERE,
        help="a corpus folder of the same layout kept elsewhere (a held-out set no one tunes on)",
    )
    args = parser.parse_args()
    for name in args.only or SETS:
        if (args.root / name).is_dir():
            build(args.python, name, args.jobs, frozenset(args.script), args.root)


if __name__ == "__main__":
    main()
