"""How `kb search` slows as a knowledge base grows, on two kinds of large corpus, as ratios.

    python bench/scale_bench.py [--runs 9] [--entries 100000]

Builds knowledge bases of ENTRIES synthetic entries each, besides the seeds (--corpora chooses):

- third: every word of the queries below sits in about a third of the entries, the worst case for an
  index that reads whole posting lists (and just under the cutoff that skips words in over a third);
- zipf: a vocabulary of 20,000 made-up words drawn by a Zipf law, plus ML words at rates like real
  ones (`error` in most entries, `cuda` in a quarter, `nccl` in a few in a hundred);
- realistic: words that read postings as real ones do (realistic_corpus): the seeds' and real
  tracebacks' words at their real frequencies, a made-up tail, real frames in half the symptoms.
  Each row says how many of the query's terms occur in each corpus at all; what the realistic one
  adds is their real proportions (a traceback's frame words in half the entries), which is what
  makes a search read many postings.

Each query is timed as cold `kb search` processes on the seeded knowledge base and on the large ones,
interleaved run by run so that the box's load falls on all alike; it prints medians and each large
one's ratio to seeded. Targets (issues 14 and 31): every ratio within 2x, their median within 1.5x.
Beside the realistic corpus, the same pastes go to a cold FTS5 and a cold tantivy process over the
same entries' text (bench/other_engines.py; tantivy only where it is installed), taking turns with
the others: what the lexical stage alone costs in engines built for it.
The queries are pastes from bench/queries/user, copied from public threads: a one-line error, the
longest traceback in the set, and a description.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import other_engines
from bench_support import KB, compile_kb

HERE = Path(__file__).resolve().parent
ONE_LINE = "RuntimeError: CUDA error: device-side assert triggered"

#: ML words and roughly the share of entries that hold them in a real team's knowledge base.
ML_RATES = {
    "error": 0.7,
    "runtimeerror": 0.3,
    "cuda": 0.25,
    "torch": 0.5,
    "tensor": 0.3,
    "model": 0.4,
    "device": 0.15,
    "memory": 0.1,
    "assert": 0.03,
    "nccl": 0.03,
    "triggered": 0.02,
    "side": 0.02,
    "import": 0.1,
    "file": 0.2,
    "line": 0.2,
}


def queries() -> dict[str, str]:
    """The one-line error, the longest traceback and a description, from the user set."""
    rows = []
    for path in sorted((HERE / "queries" / "user").glob("*_queries.jsonl")):
        rows += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    tracebacks = [r for r in rows if r["kind"] == "traceback"]
    longest = max(tracebacks, key=lambda r: (len(str(r["query"]).splitlines()), r["id"]))
    description = next(r for r in rows if r["kind"] == "description")
    return {
        "one-line": ONE_LINE,
        "traceback": str(longest["query"]),
        "description": str(description["query"]),
    }


def words_of(texts: list[str]) -> list[str]:
    return sorted({w.lower() for text in texts for w in text.replace("'", " ").split() if w.isalpha()})


def third_corpus(count: int, query_words: list[str], seed: int = 11) -> list[object]:
    """Entries in which each query word turns up in about a third."""
    from kb.entry.content import EntryContent

    rng = random.Random(seed)
    entries = []
    for n in range(count):
        chosen = [w for w in query_words if rng.random() < 1 / 3] or [rng.choice(query_words)]
        rng.shuffle(chosen)
        entries.append(
            EntryContent(
                key=f"third-{n}",
                domain="hardware",
                symptom=f"RuntimeError: {' '.join(chosen[:12])} {n}",
                validation="nvidia-smi",
                fix=" ".join(chosen[12:24]) or "restart",
            )
        )
    return entries


def zipf_corpus(count: int, seed: int = 13) -> list[object]:
    """Entries of Zipf-distributed made-up words, with ML words at realistic rates."""
    from kb.entry.content import EntryContent

    rng = random.Random(seed)
    vocabulary = [f"w{n:05d}x" for n in range(20_000)]
    weights = [1 / (rank + 1) for rank in range(len(vocabulary))]
    entries = []
    for n in range(count):
        words = rng.choices(vocabulary, weights=weights, k=14)
        words += [w for w, rate in ML_RATES.items() if rng.random() < rate]
        rng.shuffle(words)
        entries.append(
            EntryContent(
                key=f"zipf-{n}",
                domain="model",
                symptom=" ".join(words[:10]),
                validation="nvidia-smi",
                fix=" ".join(words[10:]) or "restart",
            )
        )
    return entries


_FRAME = re.compile(r'^  File "[^"]+", line \d+, in \S+$')
_EXCEPTION = re.compile(r"^((?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning|Interrupt|Exit))\b")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]{2,}")


def realistic_corpus(count: int, seed: int = 17) -> list[object]:
    """Entries whose words read postings as real ones do (issue 31): the head of the vocabulary is
    the seeds' and real tracebacks' words at their real frequencies (bench/corpus: output of scripts
    that really fail), the tail 30,000 made-up words by a Zipf law; exception types drawn by how
    often the corpus raises them; half the symptoms a traceback of real frames (real package paths
    and code lines), the other half one line."""
    from kb.entry.content import EntryContent
    from kb.store.seeding import read_seed_entries

    rng = random.Random(seed)
    texts, frames, raised = [], [], Counter[str]()
    for path in sorted((HERE / "corpus").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            paste = str(json.loads(line)["query"])
            texts.append(paste)
            lines = paste.splitlines()
            for number, text in enumerate(lines[:-1]):
                if _FRAME.match(text):
                    frames.append(f"{text}\n{lines[number + 1]}")
            for text in lines:
                found = _EXCEPTION.match(text)
                if found:
                    raised[found.group(1)] += 1
    for content in read_seed_entries():
        texts += [content.symptom, content.fix, content.root_cause, content.validation]
    counted = Counter(word.lower() for text in texts for word in _WORD.findall(text))
    head = [word for word, _ in counted.most_common()]
    lowest = min(counted.values())
    tail = [f"{rng.choice('bcdfgklmnprstvz')}{n:05d}{rng.choice('aeiou')}x" for n in range(30_000)]
    vocabulary = head + tail
    weights = [float(counted[word]) for word in head] + [lowest / (rank + 2) for rank in range(len(tail))]
    types, type_weights = list(raised), [float(n) for n in raised.values()]
    entries = []
    for n in range(count):
        words = rng.choices(vocabulary, weights=weights, k=rng.randint(6, 16))
        message = f"{rng.choices(types, weights=type_weights)[0]}: {' '.join(words)}"
        if n % 2:
            chosen = rng.sample(frames, k=min(len(frames), rng.randint(3, 14)))
            symptom = "\n".join(["Traceback (most recent call last):", *chosen, message])
        else:
            symptom = message
        entries.append(
            EntryContent(
                key=f"real-{n}",
                domain=rng.choice(("data", "model", "training", "numerics", "deployment", "hardware")),
                symptom=symptom,
                validation="python -c 'import torch; print(torch.__version__)'",
                fix=" ".join(rng.choices(vocabulary, weights=weights, k=rng.randint(8, 30))),
                root_cause=" ".join(rng.choices(vocabulary, weights=weights, k=rng.randint(5, 20))),
            )
        )
    return entries


def occurring_terms(db: Path, text: str) -> tuple[int, int]:
    """How many of TEXT's query terms occur in DB's entries at all, of how many: a corpus whose
    entries hold few of a query's words reads few postings and flatters the search."""
    from kb.search.reading import analyze

    terms = sorted(analyze(text).term_weights)
    with sqlite3.connect(db) as conn:
        marks = ", ".join("?" for _ in terms)
        found = conn.execute(f"SELECT COUNT(*) FROM search_df WHERE term IN ({marks})", terms).fetchone()[0]
    return int(found), len(terms)


def build(path: Path, entries: list[object]) -> float:
    from kb.entry.content import normalized
    from kb.exchange.transfer import Incoming, import_entries
    from kb.store.entry_store import open_store
    from kb.store.seeding import load_seed

    start = time.perf_counter()
    with open_store(str(path)) as store:
        load_seed(store)
        incoming = [Incoming(normalized(e), {}, f"synthetic:{n}") for n, e in enumerate(entries)]  # type: ignore[arg-type]
        import_entries(store, incoming)
    return time.perf_counter() - start


def cold(db: Path, text: str) -> float:
    env = dict(os.environ, KB_DB=str(db), NO_COLOR="1")
    start = time.perf_counter()
    subprocess.run(
        [*KB, "search", "-"],
        input=text.encode(),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def cold_engine(engine: str, folder: Path, query_file: Path) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, str(HERE / "other_engines.py"), engine, str(folder), str(query_file)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def main() -> None:
    compile_kb()
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument(
        "--corpora", default="third,zipf,realistic", help="Which large corpora to build (comma-separated)."
    )
    args = parser.parse_args()
    texts = queries()
    makers = {
        "third": lambda: third_corpus(args.entries, words_of(list(texts.values()))),
        "zipf": lambda: zipf_corpus(args.entries),
        "realistic": lambda: realistic_corpus(args.entries),
    }
    large = [name for name in args.corpora.split(",") if name in makers]
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        dbs = {name: tmp / f"{name}.db" for name in ("seeded", *large)}
        subprocess.run([*KB, "where"], env=dict(os.environ, KB_DB=str(dbs["seeded"])), capture_output=True)
        built = {name: build(dbs[name], makers[name]()) for name in large}
        engines: list[str] = []
        if "realistic" in large:
            (tmp / "engines").mkdir()
            engines = other_engines.build(dbs["realistic"], tmp / "engines")
        for query, text in texts.items():
            (tmp / f"{query}.txt").write_text(text, encoding="utf-8")
        occurring = {
            (query, name): occurring_terms(dbs[name], text) for query, text in texts.items() for name in large
        }
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.runs):
            for query, text in texts.items():
                for name, db in dbs.items():
                    times.setdefault((query, name), []).append(cold(db, text))
                for engine in engines:
                    took = cold_engine(engine, tmp / "engines", tmp / f"{query}.txt")
                    times.setdefault((query, engine), []).append(took)
    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}")
    print(f"built {args.entries:,} entries: " + ", ".join(f"{name} in {built[name]:.0f} s" for name in large))
    ratios = []
    for query in texts:
        seeded = statistics.median(times[(query, "seeded")])
        row = f"{query:12} seeded {seeded * 1000:6.0f} ms"
        for name in large:
            took = statistics.median(times[(query, name)])
            ratios.append(took / seeded)
            found, asked = occurring[(query, name)]
            row += f"   {name} {took * 1000:6.0f} ms {took / seeded:5.2f}x ({found}/{asked} terms occur)"
        print(row)
        for engine in engines:
            took = statistics.median(times[(query, engine)])
            beside = statistics.median(times[(query, "realistic")])
            ratio = beside / took
            print(f"{'':12} {engine:>8} {took * 1000:6.0f} ms cold; kb on realistic: {ratio:.2f}x it")
    if "realistic" in large and "tantivy" not in engines:
        print("tantivy is not installed here (pip install tantivy): its row is left out")
    print(
        f"worst {max(ratios):.2f}x (target <= 2x), median {statistics.median(ratios):.2f}x (target <= 1.5x)"
    )


if __name__ == "__main__":
    main()
