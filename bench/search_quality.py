"""Search quality on kb's own evaluation sets (bench/corpus, bench/queries), kept apart from the shared one.

    python bench/search_quality.py [-v|-vv] [--half tune|measure|both]

The corpus (bench/corpus, made by bench/corpus/build.py from scripts that really fail) is split once,
by script, into a half to tune on and a half only to measure; both are reported, side by side:

- everyday: everyday errors in users' code (no entry owns them: not one may be confident);
- ml_unowned: real ML errors that no entry covers (at most one may be confident);
- seed: real library output of seed faults (top-1, top-3, confidence, precision);
- user: faults recorded as a user would from one run (bench/corpus/user/entries.jsonl), searched
  with the other runs of the same script; then the same entries with the symptom `kb add --from-log`
  takes from the first run's whole output (its decisive line), in place of the one a person wrote;
- everyday and ml_unowned again, on a knowledge base that also holds those recorded entries: a
  team's `KeyError: 'lr'` is not the known fault of every other `KeyError: 'lr'`. Another script
  can make the very fault a team recorded, so each confident answer here was judged, by reading the
  script and the entry, the same fault or another (bench/corpus/user/same_fault.jsonl, made by
  someone who saw kb's answers but did not tune kb); an answer no label calls the same is wrong.
- user_lib and beside: faults a team recorded whose symptom is only a library's message (sklearn's
  `Input X contains NaN.`, a pandas `KeyError`), searched with their other runs on a knowledge base
  of every recorded entry; then scripts raising the same messages (bench/corpus/beside/), some of
  them the team's very fault again (EXPECT names the entry), the rest another cause (EXPECT is
  empty: not one may be answered confidently); then all three again with every team entry as
  `kb add --from-log` records it from its script's first run (the decisive line, and where in the
  team's code it failed as a variant).

Then the older sets, each searched on a fresh knowledge base with the seeds loaded:

- dev: queries about the seed entries (dev_positive.jsonl) and errors from other fields
  (dev_negative.jsonl), written without seeing the shared evaluation;
- user: entries as users record them with `kb add` (user/*_entries.jsonl, each from a real public
  issue thread), queries copied from *other* threads about the same faults (user/*_queries.jsonl),
  and real ML errors that no entry covers (user/*_negatives.jsonl). Every item names its threads.

For each set and each kind of paste it prints top-1, top-3, the share of queries whose first result
is marked confident, the precision of confident answers, and how many negatives were rejected (no
confident result), and of those how many were still answered "one of these known faults raises
this message" (a claim too, about an error no entry owns); and why kb was not sure of the right
first answers it was not sure of, by the doubt it gave (`shared`: a message several faults raise;
`everyday`: an everyday error explains the line; `weak`: too little evidence…), which says where
the confident share is lost. After the sets searched on one knowledge base it pools every
confident answer they gave, right ones and claims about errors no entry owns alike, into one
precision: the share of kb's "known fault" answers there that were true, which is what the issue's
bar of 0.99 on every set asks. Use it when tuning ranking or
confidence; the shared evaluation (../shared/eval/eval_search.py) is the check, not the thing to
tune on.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from kb.capture.prefill import symptom_from_log, where_it_failed
from kb.entry.content import EntryContent, normalized
from kb.paths import resolve_location
from kb.search.lookup import SearchOptions, search
from kb.store.seeding import open_knowledge_base

QUERIES = Path(__file__).resolve().parent / "queries"


def load(paths: Iterable[Path]) -> list[dict[str, object]]:
    rows = []
    for path in sorted(paths):
        rows += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return rows


def shown_precision(right: int, confident: int) -> str:
    """RIGHT of CONFIDENT answers as a precision to print; a dash when none was confident."""
    return f"{right / confident:.3f}" if confident else "  -  "


@dataclass
class Tally:
    n: int = 0
    top1: int = 0
    top3: int = 0
    confident: int = 0
    confident_right: int = 0
    #: Not confident, but answered "one of these known faults" with the right one among them.
    one_of_right: int = 0
    #: Why the right first answers were not confident: the first result's doubt, by kind.
    doubts: Counter[str] = field(default_factory=Counter)

    def add(self, rank: int | None, confident: bool, among: bool = False, doubt: str | None = None) -> None:
        self.n += 1
        self.top1 += rank == 1
        self.top3 += rank is not None and rank <= 3
        self.confident += confident
        self.confident_right += confident and rank == 1
        self.one_of_right += not confident and among
        if rank == 1 and not confident:
            self.doubts[doubt or "none"] += 1

    def row(self, name: str) -> str:
        precision = shown_precision(self.confident_right, self.confident)
        return (
            f"  {name:12} {self.n:4}   top1 {self.top1 / self.n:.2f}   top3 {self.top3 / self.n:.2f}   "
            f"confident {self.confident / self.n:.2f}   precision {precision}"
            f"   ({self.top1} first, {self.confident} confident, {self.confident_right} of them right;"
            f" {self.one_of_right} more named in a 'one of these')"
        )


@dataclass
class Report:
    name: str
    #: Reports of one GROUP were searched on one knowledge base: their confident answers are pooled.
    group: str = ""
    overall: Tally = field(default_factory=Tally)
    kinds: dict[str, Tally] = field(default_factory=dict)
    negatives: int = 0
    rejected: int = 0
    #: Confident answers to a negative that name an entry labelled the same fault (same_fault.jsonl).
    same_fault: int = 0
    #: Negatives answered "one of these known faults raises this message" (not confident, but a
    #: claim that known faults raise it): a team's entry joining such a group about an error it does
    #: not own is the claim this counts.
    one_of: int = 0

    def lines(self) -> list[str]:
        lines = [f"{self.name}:"]
        if self.overall.n:
            lines.append(self.overall.row("all"))
            lines += [self.kinds[kind].row(kind) for kind in sorted(self.kinds)]
            if self.overall.doubts:
                doubts = ", ".join(f"{kind} {n}" for kind, n in self.overall.doubts.most_common())
                lines.append(f"  right first but not sure, by the doubt kb gave: {doubts}")
        if self.negatives:
            confident = self.negatives - self.rejected
            labelled = (
                f": {self.same_fault} the same fault, {confident - self.same_fault} another"
                if self.same_fault
                else ""
            )
            lines.append(
                f"  negatives    {self.negatives:4}   rejected {self.rejected}/{self.negatives}"
                f"   ({confident} answered confidently{labelled}; {self.one_of} 'one of these')"
            )
        return lines


def named_with_half(query: dict[str, object]) -> str:
    """QUERY's id, and for a corpus paste the half of the corpus it is in (`[tune]`, `[measure]`):
    a miss on the measured half is to be counted, not read for a rule."""
    half = query.get("half")
    return f"{query['id']} [{half}]" if half else str(query["id"])


def pooled(reports: list[Report]) -> str:
    """Every confident answer of REPORTS, searched on one knowledge base, and how many were right:
    a right first answer to a paste of a known fault, or a claim about an error no entry owns that
    a label calls the same fault. The precision the issue's bar asks for on every set."""
    pastes = sum(report.overall.n + report.negatives for report in reports)
    confident = sum(report.overall.confident + report.negatives - report.rejected for report in reports)
    right = sum(report.overall.confident_right + report.same_fault for report in reports)
    precision = shown_precision(right, confident)
    return f"  pooled       {pastes:4}   confident answers {confident}, {right} right: precision {precision}"


def evaluate(
    name: str,
    entries: list[dict[str, object]],
    positives: list[dict[str, object]],
    negatives: list[dict[str, object]],
    verbose: int,
    same_fault: frozenset[tuple[str, int, str]] = frozenset(),
    group: str = "",
) -> Report:
    """REPORT of POSITIVES and NEGATIVES searched on the seeds and ENTRIES. A confident answer to a
    negative is wrong unless SAME_FAULT holds (script, variant, entry key) for it: a recorded entry
    may be the very fault another script makes."""
    report = Report(name, group)
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "kb.db")
        with open_knowledge_base(db) as store:
            for item in entries:
                store.add(
                    normalized(
                        EntryContent(
                            key=str(item["key"]),
                            domain=str(item["domain"]),
                            symptom=str(item["symptom"]),
                            validation=str(item.get("validation") or ""),
                            fix=str(item.get("fix") or ""),
                            tags=tuple(item.get("tags") or ()),  # type: ignore[call-overload]
                            symptom_variants=tuple(item.get("symptom_variants") or ()),  # type: ignore[call-overload]
                            root_cause=str(item.get("root_cause") or ""),
                            source=str(item.get("entry_thread") or item.get("from_script") or "own"),
                        )
                    )
                )
        location = resolve_location(db)
        options = SearchOptions(limit=5, record_usage=False)
        for query in positives:
            response = search(str(query["query"]), location, options)
            keys = [r.candidate.key for r in response.results]
            expected = set(query["expect"])  # type: ignore[call-overload]
            rank = next((n for n, key in enumerate(keys, 1) if key in expected), None)
            confident = response.confident
            among = bool(expected & {s.candidate.key for s in response.one_of})
            doubt = response.results[0].doubt if response.results else None
            report.overall.add(rank, confident, among, doubt)
            report.kinds.setdefault(str(query["kind"]), Tally()).add(rank, confident, among, doubt)
            if verbose >= 2 and rank == 1 and confident:
                top = response.results[0]
                print(f"SURE {named_with_half(query)}: {top.candidate.key} score={top.score} {top.why}")
            if verbose and (rank != 1 or not confident):
                label = "MISS" if rank != 1 else "UNSURE"
                print(
                    f"{label} {named_with_half(query)} {query['kind']}: rank={rank} confident={confident} "
                    f"doubt={doubt} want={sorted(expected)} got={keys[:3]} "
                    f"decisive={response.query.decisive.line[:100]!r}"
                )
        for query in negatives:
            response = search(str(query["query"]), location, options)
            report.negatives += 1
            if not response.confident:
                report.rejected += 1
                report.one_of += bool(response.one_of)
                if verbose and response.one_of:
                    named = [s.candidate.key for s in response.one_of]
                    print(f"ONE-OF {named_with_half(query)}: {named}")
                continue
            labelled = (
                str(query.get("script")),
                int(query.get("variant") or 0),
                response.results[0].candidate.key,
            )  # type: ignore[call-overload]
            report.same_fault += labelled in same_fault
            if verbose:
                top = response.results[0]
                print(f"FALSE {named_with_half(query)}: {top.candidate.key} score={top.score} {top.why}")
    return report


CORPUS = Path(__file__).resolve().parent / "corpus"


def recorded_from_log(
    entries: list[dict[str, object]], first_runs: dict[str, str]
) -> list[dict[str, object]]:
    """ENTRIES as `kb add --from-log` records them from their script's first run (FIRST_RUNS, by
    script): the decisive line as the symptom, and where in the team's code it failed as a variant.
    An entry whose run holds no line kb reads as an error is left out, as `kb add --from-log`
    refuses that log."""
    recorded = []
    for entry in entries:
        output = first_runs.get(str(entry["from_script"]))
        symptom = None if output is None else symptom_from_log(output)
        if output is None or symptom is None:
            continue
        where = where_it_failed(symptom, output)
        recorded.append({**entry, "symptom": symptom, "symptom_variants": [where] if where else []})
    return recorded


def first_outputs(corpus: Path, kind: str) -> dict[str, str]:
    """The whole output of the first run (variant 0) of each script of CORPUS's set KIND, by script,
    of both halves: each half is searched beside every recorded entry."""
    path = corpus / f"{kind}.jsonl"
    return {
        str(row["script"]): str(row["query"])
        for row in (load([path]) if path.exists() else [])
        if row["variant"] == 0 and row["paste"] == "output"
    }


def corpus_reports(half: str, verbose: int, corpus: Path = CORPUS) -> list[Report]:
    """The sets of CORPUS, for one half of its scripts."""

    def rows(name: str) -> list[dict[str, object]]:
        path = corpus / f"{name}.jsonl"
        found = [row for row in load([path]) if row["half"] == half] if path.exists() else []
        for row in found:
            row["kind"] = row["paste"]  # the whole output, or its last line
        return found

    user_queries = [row for row in rows("user") if row["variant"] != 0]  # variant 0 is the recorded run
    recorded = corpus / "user" / "entries.jsonl"
    entries = load([recorded]) if recorded.exists() else []
    labels = corpus / "user" / "same_fault.jsonl"
    same_fault = frozenset(
        (str(row["script"]), int(row["variant"]), str(row["entry"]))  # type: ignore[call-overload]
        for row in (load([labels]) if labels.exists() else [])
        if row["same"]
    )
    from_log = recorded_from_log(entries, first_outputs(corpus, "user"))
    library_recorded = corpus / "user_lib" / "entries.jsonl"
    library_entries = load([library_recorded]) if library_recorded.exists() else []
    beside = rows("beside")
    recordings = (
        [
            ("", entries + library_entries),
            (
                " as `kb add --from-log` records them",
                from_log + recorded_from_log(library_entries, first_outputs(corpus, "user_lib")),
            ),
        ]
        if library_entries
        else []
    )
    library_sets = []
    for recorded_as, team in recordings:
        library_sets += [
            evaluate(
                f"corpus {half}: the team's entries whose symptom is only a library's message{recorded_as}",
                team,
                [row for row in rows("user_lib") if row["variant"] != 0],
                [],
                verbose,
                group=f"corpus {half}: the team's entries{recorded_as}",
            ),
            evaluate(
                f"corpus {half}: those messages raised again by the same fault, beside the team's entries"
                f"{recorded_as}",
                team,
                [row for row in beside if row["expect"]],
                [],
                verbose,
                group=f"corpus {half}: the team's entries{recorded_as}",
            ),
            evaluate(
                f"corpus {half}: those messages from other causes, beside the team's entries{recorded_as}"
                " (negatives)",
                team,
                [],
                [row for row in beside if not row["expect"]],
                verbose,
                group=f"corpus {half}: the team's entries{recorded_as}",
            ),
        ]
    return [
        *(
            evaluate(name, [], positives, negatives, verbose, group=f"corpus {half}: the seeds")
            for name, positives, negatives in (
                (f"corpus {half}: everyday errors (negatives)", [], rows("everyday")),
                (f"corpus {half}: ML errors no entry owns (negatives)", [], rows("ml_unowned")),
                (f"corpus {half}: seed faults", rows("seed"), []),
            )
        ),
        evaluate(
            f"corpus {half}: the user's own entries",
            entries,
            user_queries,
            [],
            verbose,
            group=f"corpus {half}: the user's entries",
        ),
        evaluate(
            f"corpus {half}: the user's own entries as `kb add --from-log` records them from the first run",
            from_log,
            user_queries,
            [],
            verbose,
        ),
        evaluate(
            f"corpus {half}: everyday and unowned ML errors, beside the user's entries (negatives)",
            entries,
            [],
            rows("everyday") + rows("ml_unowned"),
            verbose,
            same_fault,
            group=f"corpus {half}: the user's entries",
        ),
        *library_sets,
    ]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "-v",
        "--verbose",
        action="count",
        default=0,
        help="print every miss and false match; -vv also each confident right answer, with its evidence",
    )
    parser.add_argument("--half", choices=("tune", "measure", "both"), default="both")
    parser.add_argument("--corpus-only", action="store_true", help="skip the older sets")
    parser.add_argument(
        "--corpus",
        type=Path,
        default=CORPUS,
        help="a corpus folder built by bench/corpus/build.py --root (a held-out set kept elsewhere)",
    )
    args = parser.parse_args()
    user = QUERIES / "user"
    halves = ("tune", "measure") if args.half == "both" else (args.half,)
    reports = [report for half in halves for report in corpus_reports(half, args.verbose, args.corpus)]
    if args.corpus_only:
        print_with_pools(reports)
        return
    reports += [
        evaluate(
            "dev (seed entries)",
            [],
            load([QUERIES / "dev_positive.jsonl"]),
            load([QUERIES / "dev_negative.jsonl"]),
            args.verbose,
            group="dev",
        ),
        evaluate(
            "user (entries recorded from real threads, queries from other threads)",
            load(user.glob("*_entries.jsonl")),
            load(user.glob("*_queries.jsonl")),
            load(user.glob("*_negatives.jsonl")),
            args.verbose,
            group="real threads",
        ),
    ]
    print_with_pools([report for report in reports if report.overall.n or report.negatives])


def print_with_pools(reports: list[Report]) -> None:
    """Each report, and after the last of each group searched on one knowledge base, every
    confident answer of the group pooled (pooled())."""
    for index, report in enumerate(reports):
        print("\n".join(report.lines()))
        if report.group and all(other.group != report.group for other in reports[index + 1 :]):
            group = [other for other in reports if other.group == report.group]
            if any(other.overall.n or other.negatives for other in group):
                print(f"{report.group}, every confident answer:\n{pooled(group)}")


if __name__ == "__main__":
    main()
