"""Search quality on kb's own development queries (bench/queries), written apart from the shared eval.

    python bench/search_quality.py [-v]

Prints top-1 / top-3 over the positives, how many positives are marked confident, and how many
negatives (errors from other fields) are rejected. Use it when tuning ranking or confidence; the
shared evaluation (../shared/eval/eval_search.py) is the check, not the thing to tune on.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from kb.paths import resolve_location
from kb.search.lookup import SearchOptions, search
from kb.upkeep.seeding import open_knowledge_base

QUERIES = Path(__file__).resolve().parent / "queries"


def load(name: str) -> list[dict[str, object]]:
    return [
        json.loads(line) for line in (QUERIES / name).read_text(encoding="utf-8").splitlines() if line.strip()
    ]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="print every miss and false match")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "kb.db")
        open_knowledge_base(db).close()
        location = resolve_location(db)
        options = SearchOptions(limit=5, record_usage=False)
        top1 = top3 = confident = wrong_confident = 0
        positives = load("dev_positive.jsonl")
        by_kind: dict[str, list[int]] = {}
        for query in positives:
            results = search(str(query["query"]), location, options).results
            keys = [r.candidate.key for r in results]
            expected = set(query["expect"])  # type: ignore[call-overload]
            rank = next((n for n, key in enumerate(keys, 1) if key in expected), None)
            top1 += rank == 1
            top3 += rank is not None and rank <= 3
            by_kind.setdefault(str(query["kind"]), []).append(int(rank == 1))
            if results and results[0].confident:
                confident += 1
                wrong_confident += rank != 1
            if args.verbose and rank != 1:
                print(
                    f"MISS {query['id']} {query['kind']}: rank={rank} want={sorted(expected)} got={keys[:3]}"
                )
        rejected = 0
        negatives = load("dev_negative.jsonl")
        for query in negatives:
            results = search(str(query["query"]), location, options).results
            if not any(r.confident for r in results):
                rejected += 1
            elif args.verbose:
                print(f"FALSE {query['id']}: {results[0].candidate.key} score={results[0].score}")
    n = len(positives)
    kinds = ", ".join(f"{kind} {sum(v) / len(v):.2f}" for kind, v in sorted(by_kind.items()))
    print(
        f"top1={top1 / n:.2f} top3={top3 / n:.2f} confident={confident}/{n} (wrong {wrong_confident}) "
        f"negatives_rejected={rejected}/{len(negatives)}  top1 by kind: {kinds}"
    )


if __name__ == "__main__":
    main()
