"""Export and re-import 10,000 entries, and print the times (target: each under 3 s).

python bench/exchange_bench.py [--entries 10000]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from search_bench import import_synthetic

from kb.exchange.markdown_tables import DEFAULT_COLUMNS
from kb.exchange.transfer import Filters, export_jsonl, export_markdown, import_entries, read_import
from kb.store.entry_store import EntryStore, open_store


def timed(label: str, work: object) -> float:
    start = time.perf_counter()
    assert callable(work)
    work()
    seconds = time.perf_counter() - start
    print(f"{label:<34} {seconds:6.2f} s   {'ok' if seconds < 3 else 'over'} (target < 3 s)")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--entries", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        with open_store(str(tmp / "source.db")) as store:
            import_synthetic(store, args.entries)
            markdown, jsonl = tmp / "kb.md", tmp / "kb.jsonl"
            timed(
                f"export markdown ({args.entries:,})",
                lambda: markdown.write_text(
                    export_markdown(store, Filters(status=None), DEFAULT_COLUMNS), encoding="utf-8"
                ),
            )
            timed(
                f"export jsonl ({args.entries:,})",
                lambda: jsonl.write_text(
                    "".join(line + "\n" for line in export_jsonl(store, Filters(status=None))),
                    encoding="utf-8",
                ),
            )
        for name, path in (("jsonl", jsonl), ("markdown", markdown)):
            with open_store(str(tmp / f"{name}.db")) as target:

                def load(target: EntryStore = target, path: Path = path) -> None:
                    import_entries(target, read_import(path))

                timed(f"import {name} into an empty kb", load)


if __name__ == "__main__":
    main()
