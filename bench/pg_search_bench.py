"""A cold `kb search` on PostgreSQL against the same search on SQLite, as medians and ratios.

    python bench/pg_search_bench.py [--runs 21] [--entries 2000] [--postgres URL] [--candidates]

Each timed run is a new `kb` process, as a user types it, on a seeded knowledge base: a one-line
error, a pasted NCCL-timeout traceback on standard input (`kb search -`), and a query that matches
nothing. The backends take turns run by run (which goes first alternates), so that the box's load
falls on both alike, and the medians are compared. Then ENTRIES synthetic entries (bench/scale_bench.py's
Zipf corpus) go into both, and the same searches are timed again.

PostgreSQL is --postgres URL (postgresql+psycopg://USER@HOST:PORT/DB; default $KB_BENCH_POSTGRES),
in which a fresh database is created and dropped at the end. Without one, the script starts its own
throwaway cluster (initdb and pg_ctl from /usr/lib/postgresql/*/bin, as user postgres when run as root,
on 127.0.0.1, trust authentication for role kb, fsync off as in .ci/run) and stops and removes it at
the end. On its own cluster it also counts, from the server log (log_connections), how many
connections one cold search opens, how many statements it runs and how long the server spent on them.

--candidates adds a micro-comparison on the PostgreSQL database at the scale point, in process over a
warm psycopg connection: kb's own candidate generation (its portable posting table, the SQL
kb.store.index_reader issues, and kb.search.top_k) against tsvector + GIN and pg_trgm + GIN queries
over the entries' symptoms, in a scratch table bench_fts that goes with the bench database.
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import os
import platform
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from bench_support import KB, compile_kb
from scale_bench import zipf_corpus

ONE_LINE = "RuntimeError: CUDA error: device-side assert triggered"
#: Written for this benchmark: a DDP job whose all_reduce hit the NCCL watchdog's timeout.
TRACEBACK = """\
[rank2]:[E ProcessGroupNCCL.cpp:563] [Rank 2] Watchdog caught collective operation timeout: \
WorkNCCL(SeqNum=18342, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800526 \
milliseconds before timing out.
[rank2]:[E ProcessGroupNCCL.cpp:1537] [PG 0 Rank 2] Timeout at NCCL work: 18342, last enqueued NCCL \
work: 18342, last completed NCCL work: 18341.
Traceback (most recent call last):
  File "/workspace/trainer/train.py", line 318, in <module>
    main()
  File "/workspace/trainer/train.py", line 297, in main
    metrics = train_one_epoch(model, loader, optimizer, scaler, epoch)
  File "/workspace/trainer/train.py", line 171, in train_one_epoch
    dist.all_reduce(loss_sum, op=dist.ReduceOp.SUM)
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py", line 79, in wrapper
    return func(*args, **kwargs)
  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 2288, \
in all_reduce
    work.wait()
torch.distributed.DistBackendError: [Rank 2] Watchdog caught collective operation timeout: \
WorkNCCL(SeqNum=18342, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800526 \
milliseconds before timing out.
"""
NO_MATCH = "quarbleflux zentrimodulator overspun on the vexillary gimbal"
QUERIES = {"one-line": ONE_LINE, "traceback": TRACEBACK, "no-match": NO_MATCH}
BACKENDS = ("sqlite", "postgres")
#: Someone else's server listens there.
TAKEN_PORTS = {55432}


# --- PostgreSQL: a throwaway cluster and a throwaway database -------------------------------------


class Cluster:
    def __init__(self, url: str, log: Path | None) -> None:
        self.url = url  # an admin URL, to its postgres database
        self.log = log  # the server log, when it is ours


def free_port() -> int:
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
        if port not in TAKEN_PORTS:
            return port


@contextlib.contextmanager
def own_cluster() -> Iterator[Cluster]:
    """A cluster in a temporary folder, as .ci/run starts one; stopped and removed on the way out."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: [int(n) for n in re.findall(r"\d+", p)]
    )
    if not found:
        sys.exit("no PostgreSQL under /usr/lib/postgresql/*/bin: install it or pass --postgres URL")
    bin_dir = Path(found[-1])
    folder = Path(tempfile.mkdtemp(prefix="kb-pg-bench-"))
    run_as: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root
        shutil.chown(folder, "postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    data, log, port = folder / "data", folder / "log", free_port()
    started = False
    try:
        subprocess.run(
            [*run_as, str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "kb"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        options = (
            f"-h 127.0.0.1 -p {port} -k {folder} -c fsync=off -c log_connections=on -c log_disconnections=on"
        )
        started = True
        result = subprocess.run(
            [*run_as, str(bin_dir / "pg_ctl"), "-D", str(data), "-w", "-l", str(log), "-o", options, "start"],
            stdout=subprocess.DEVNULL,
        )
        if result.returncode != 0:
            sys.exit(f"pg_ctl could not start the cluster:\n{log.read_text(errors='replace')[-2000:]}")
        yield Cluster(f"postgresql+psycopg://kb@127.0.0.1:{port}/postgres", log)
    finally:
        if started:
            subprocess.run(
                [*run_as, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        shutil.rmtree(folder, ignore_errors=True)


def conninfo(url: str) -> str:
    """An SQLAlchemy URL as libpq takes it."""
    from sqlalchemy.engine import make_url

    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def connect(url: str) -> Any:
    import psycopg

    return psycopg.connect(conninfo(url), autocommit=True)


@contextlib.contextmanager
def bench_database(admin_url: str) -> Iterator[str]:
    """A new database on ADMIN_URL's server, for kb, dropped at the end."""
    from sqlalchemy.engine import make_url

    name = f"kb_bench_{os.getpid()}_{int(time.time())}"
    with connect(admin_url) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with connect(admin_url) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# --- cold kb processes ----------------------------------------------------------------------------


def search_argv(query: str) -> tuple[list[str], bytes | None]:
    """How a user types QUERY: a one-liner as arguments, a multi-line paste on standard input."""
    if "\n" in query.strip():
        return ["search", "-"], query.encode()
    return ["search", query], None


def cold(argv: list[str], env: dict[str, str], stdin: bytes | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(
        [*KB, *argv], input=stdin, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
    )
    return time.perf_counter() - start


def check_searches(envs: dict[str, dict[str, str]]) -> None:
    """Each search once, untimed: it must answer (0, a confident match; 1, none) on both backends."""
    for name, query in QUERIES.items():
        for backend, env in envs.items():
            argv, stdin = search_argv(query)
            result = subprocess.run([*KB, *argv], input=stdin, env=env, capture_output=True, check=False)
            if result.returncode not in (0, 1):
                sys.exit(f"kb search ({name}) failed on {backend}:\n{result.stderr.decode(errors='replace')}")


def time_searches(envs: dict[str, dict[str, str]], runs: int) -> dict[tuple[str, str], list[float]]:
    times: dict[tuple[str, str], list[float]] = {}
    for run in range(runs):
        for name, query in QUERIES.items():
            argv, stdin = search_argv(query)
            for backend in BACKENDS if run % 2 == 0 else BACKENDS[::-1]:
                times.setdefault((name, backend), []).append(cold(argv, envs[backend], stdin))
    return times


def vacuumed(url: str) -> None:
    """What a running server's autovacuum does to a table after a bulk insert, done now, so that no
    run depends on whether it has come by: until then an index-only scan fetches every row it reads
    from the table too (10,273 heap fetches in one lookup of a search's candidates)."""
    with connect(url) as conn:
        conn.execute("VACUUM (ANALYZE)")


def add_entries(spec: str, count: int) -> float:
    """COUNT Zipf entries imported in one go, through the path `kb import` takes."""
    from kb.entry.content import normalized
    from kb.exchange.transfer import Incoming, import_entries
    from kb.store.entry_store import open_store

    start = time.perf_counter()
    with open_store(spec) as store:
        incoming = [Incoming(normalized(e), {}, f"synthetic:{n}") for n, e in enumerate(zipf_corpus(count))]  # type: ignore[arg-type]
        import_entries(store, incoming)
    return time.perf_counter() - start


def one_search_on_the_log(cluster: Cluster, db_url: str, env: dict[str, str]) -> str:
    """One cold one-line search with every statement logged: its connections, statements, the
    server's time on them and the connection's lifetime, against the process's wall time."""
    assert cluster.log is not None
    with connect(cluster.url) as admin:
        admin.execute("ALTER SYSTEM SET log_min_duration_statement = 0")
        admin.execute("SELECT pg_reload_conf()")
        time.sleep(0.5)
        offset = cluster.log.stat().st_size
        argv, stdin = search_argv(ONE_LINE)
        wall = cold(argv, env, stdin)
        time.sleep(0.5)
        admin.execute("ALTER SYSTEM RESET log_min_duration_statement")
        admin.execute("SELECT pg_reload_conf()")
    with cluster.log.open("rb") as log:
        log.seek(offset)
        text = log.read().decode(errors="replace")
    database = db_url.rsplit("/", 1)[-1]
    connections = len(re.findall(rf"connection authorized: .*database={database}\b", text))
    statements = len(re.findall(r"duration: [\d.]+ ms\s+(?:statement|execute [^:]*):", text))
    server_ms = sum(float(ms) for ms in re.findall(r"duration: ([\d.]+) ms", text))
    sessions = [
        int(h) * 3600_000 + int(m) * 60_000 + float(s) * 1000
        for h, m, s in re.findall(r"disconnection: session time: (\d+):(\d+):([\d.]+)", text)
    ]
    return (
        f"one cold PG search (one-line): {connections} connection(s), {statements} statements, "
        f"{server_ms:.1f} ms in the server (parse+bind+execute), connection open "
        f"{sum(sessions):.0f} ms of the process's {wall * 1000:.0f} ms"
    )


#: What a server search does before its first query, step by step, in a new interpreter.
_STEPS = """
import sys, time
marks = [time.perf_counter()]
import sqlalchemy, psycopg
marks.append(time.perf_counter())
from sqlalchemy import create_engine, text
engine = create_engine(sys.argv[1])
marks.append(time.perf_counter())
conn = engine.connect()
marks.append(time.perf_counter())
conn.execute(text("SELECT 1")).fetchall()
marks.append(time.perf_counter())
conn.close()
engine.dispose()
print(" ".join(str(b - a) for a, b in zip(marks, marks[1:])))
"""


def connection_breakdown(db_url: str, runs: int) -> str:
    """Where a cold server search's extra time goes: new interpreters that only start, and ones
    that import SQLAlchemy and psycopg, create the engine, connect and run one query (interleaved)."""
    starts, steps = [], []
    for _ in range(runs):
        starts.append(cold_python(["-c", "pass"]))
        out = subprocess.run(
            [sys.executable, "-c", _STEPS, db_url], capture_output=True, text=True, check=True
        ).stdout
        steps.append([float(t) for t in out.split()])
    names = ("import sqlalchemy+psycopg", "create_engine", "connect", "SELECT 1")
    parts = ", ".join(
        f"{name} {statistics.median(s[n] for s in steps) * 1000:.0f}" for n, name in enumerate(names)
    )
    return (
        f"cold-process breakdown (medians, ms): python start {statistics.median(starts) * 1000:.0f}, {parts}"
    )


def cold_python(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, *argv], check=True)
    return time.perf_counter() - start


# --- candidate generation, in process ---------------------------------------------------------------


def kb_candidates(reader: Any, query: Any) -> list[int]:
    """The top entries by BM25 as kb.search.lookup finds them (no --exact, no --regex)."""
    from kb.search.lookup import query_terms, top_by_bm25

    terms = query_terms(reader, query, ("active",))
    return top_by_bm25(terms)[0] if terms is not None else []


FTS_AND = (
    "SELECT entry_id FROM bench_fts, plainto_tsquery('simple', %(q)s) AS q WHERE tsv @@ q"
    " ORDER BY ts_rank(tsv, q) DESC, entry_id LIMIT 60"
)
#: The same words, any of them: a paste's words are never all in one entry.
FTS_OR = (
    "SELECT entry_id FROM bench_fts,"
    " CAST(replace(CAST(plainto_tsquery('simple', %(q)s) AS text), ' & ', ' | ') AS tsquery) AS q"
    " WHERE tsv @@ q ORDER BY ts_rank(tsv, q) DESC, entry_id LIMIT 60"
)
TRGM = (
    "SELECT entry_id FROM bench_fts WHERE symptom %% %(q)s"
    " ORDER BY similarity(symptom, %(q)s) DESC, entry_id LIMIT 60"
)


def candidates_bench(db_url: str, sqlite_db: Path, runs: int) -> list[str]:
    from kb.paths import resolve_location
    from kb.search.reading import analyze
    from kb.store.index_reader import IndexReader

    lines = []
    with connect(db_url) as conn:
        conn.execute(
            "CREATE TABLE bench_fts AS SELECT id AS entry_id, symptom,"
            " to_tsvector('simple', symptom) AS tsv FROM entry WHERE status = 'active'"
        )
        conn.execute("CREATE INDEX bench_fts_tsv ON bench_fts USING gin (tsv)")
        approaches: dict[str, Callable[[str, Any], list[int]]] = {}
        try:
            conn.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
            conn.execute("CREATE INDEX bench_fts_trgm ON bench_fts USING gin (symptom gin_trgm_ops)")
        except Exception as exc:
            lines.append(f"pg_trgm unavailable, skipped: {str(exc).strip().splitlines()[0]}")
            trgm = False
        else:
            trgm = True
        conn.execute("ANALYZE bench_fts")
        (rows,) = conn.execute("SELECT count(*) FROM bench_fts").fetchone()

        pg_reader = IndexReader(resolve_location(db_url)).open()  # kb's own psycopg connection
        sqlite_reader = IndexReader(resolve_location(str(sqlite_db))).open()

        def sql(statement: str) -> Callable[[str, Any], list[int]]:
            return lambda text, _query: [r[0] for r in conn.execute(statement, {"q": text}).fetchall()]

        approaches["kb index, PG"] = lambda _text, query: kb_candidates(pg_reader, query)
        approaches["kb index, SQLite"] = lambda _text, query: kb_candidates(sqlite_reader, query)
        approaches["tsvector+GIN, all words"] = sql(FTS_AND)
        approaches["tsvector+GIN, any word"] = sql(FTS_OR)
        if trgm:
            approaches["pg_trgm+GIN, similarity"] = sql(TRGM)
        parsed = {name: analyze(text) for name, text in QUERIES.items()}
        times: dict[tuple[str, str], list[float]] = {}
        found: dict[tuple[str, str], int] = {}
        try:
            for approach, run_one in approaches.items():  # warm the caches and the prepared statements
                for name, text in QUERIES.items():
                    found[(approach, name)] = len(run_one(text, parsed[name]))
            for _ in range(runs):
                for approach, run_one in approaches.items():
                    for name, text in QUERIES.items():
                        start = time.perf_counter()
                        run_one(text, parsed[name])
                        times.setdefault((approach, name), []).append(time.perf_counter() - start)
        finally:
            sqlite_reader.close()
            pg_reader.close()
    lines.insert(
        0, f"candidates, in process, warm connection, median of {runs}; bench_fts: {rows:,} symptoms"
    )
    lines.append(f"  {'':26}" + "".join(f"{name:>20}" for name in QUERIES))
    for approach in approaches:
        cells = "".join(
            f"{statistics.median(times[(approach, n)]) * 1000:9.2f} ms ({found[(approach, n)]:2} ids)"
            for n in QUERIES
        )
        lines.append(f"  {approach:26}{cells}")
    return lines


# --- the run ----------------------------------------------------------------------------------------


def table(title: str, times: dict[tuple[str, str], list[float]]) -> list[str]:
    lines = []
    for name in QUERIES:
        lite = statistics.median(times[(name, "sqlite")])
        pg = statistics.median(times[(name, "postgres")])
        lines.append(f"{title + ' ' + name:22} {lite * 1000:9.0f} {pg * 1000:11.0f} {pg / lite:10.2f}x")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--entries", type=int, default=2000)
    parser.add_argument(
        "--postgres",
        default=os.environ.get("KB_BENCH_POSTGRES"),
        metavar="URL",
        help="a server to create the bench database on"
        " (default: $KB_BENCH_POSTGRES, else a cluster of its own)",
    )
    parser.add_argument(
        "--candidates", action="store_true", help="also compare candidate generation in process"
    )
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda signum, _frame: sys.exit(128 + signum))  # clean up on kill too
    compile_kb()
    with tempfile.TemporaryDirectory(prefix="kb-pg-bench-home-") as folder, contextlib.ExitStack() as stack:
        home = Path(folder)
        isolated = {
            "HOME": folder,
            **{f"XDG_{kind}_HOME": str(home / kind.lower()) for kind in ("DATA", "CONFIG", "CACHE", "STATE")},
            "NO_COLOR": "1",
        }
        os.environ.update(isolated)  # the bench process imports into the stores too
        cluster = Cluster(args.postgres, None) if args.postgres else stack.enter_context(own_cluster())
        db_url = stack.enter_context(bench_database(cluster.url))
        sqlite_db = home / "kb.db"
        envs = {
            "sqlite": {**os.environ, "KB_DB": str(sqlite_db)},
            "postgres": {**os.environ, "KB_DB": db_url},
        }
        seeding = {}
        for backend, env in envs.items():  # the first command seeds
            seeding[backend] = cold(["list"], env)
            subprocess.run([*KB, "where"], env=env, stdout=subprocess.DEVNULL, check=True)
        check_searches(envs)
        seeded = time_searches(envs, args.runs)
        log_line = one_search_on_the_log(cluster, db_url, envs["postgres"]) if cluster.log else None
        added = {
            "sqlite": add_entries(str(sqlite_db), args.entries),
            "postgres": add_entries(db_url, args.entries),
        }
        vacuumed(db_url)
        check_searches(envs)
        scaled = time_searches(envs, args.runs)
        scaled_log = one_search_on_the_log(cluster, db_url, envs["postgres"]) if cluster.log else None
        breakdown = connection_breakdown(db_url, args.runs)
        candidates = candidates_bench(db_url, sqlite_db, args.runs) if args.candidates else []
    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}")
    where = "own cluster" if cluster.log else "given server"
    print(f"postgres: {where}; {args.runs} interleaved runs of each cold `kb search`, medians")
    print(
        f"first `kb list` (seeds): sqlite {seeding['sqlite'] * 1000:.0f} ms,"
        f" postgres {seeding['postgres'] * 1000:.0f} ms; +{args.entries:,} entries:"
        f" sqlite {added['sqlite']:.1f} s, postgres {added['postgres']:.1f} s"
    )
    print(f"{'case':22} {'sqlite ms':>9} {'postgres ms':>11} {'pg/sqlite':>11}")
    for line in table("seeded", seeded) + table(f"+{args.entries}", scaled):
        print(line)
    for label, line in (("seeded", log_line), (f"+{args.entries}", scaled_log)):
        if line:
            print(f"{label}: {line}")
    print(breakdown)
    if not cluster.log:
        print("connections per search: not counted on a given server (log_connections is the server's)")
    for line in candidates:
        print(line)


if __name__ == "__main__":
    main()
