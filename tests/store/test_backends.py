"""Every command on each backend: SQLite, and a real PostgreSQL server (`backend` runs each test on both).

A team shares one knowledge base on PostgreSQL, so what a person does on SQLite must work there the
same way: first use and seeding, the fast search path, add with its duplicate check, show, list,
edit, check, review, prune and restore, stats, tree, every export and import, seed and where.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.entry.content import EntryContent
from kb.store.seeding import read_seed_entries
from tests.command_line import kb

SEEDS = len(read_seed_entries())
LABELS = "IndexError: Target 5 is out of bounds."
LABELS_KEY = "cross-entropy-label-out-of-range"


def kb_process(*args: str) -> subprocess.CompletedProcess[str]:
    """kb as its console script runs it: the lean search, show and list paths included."""
    return subprocess.run(
        [sys.executable, "-m", "kb", *args],
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        timeout=120,
    )


def test_the_first_command_is_a_search_and_it_seeds(backend: str) -> None:
    """On PostgreSQL the first search raised `relation "kb_migration" does not exist`."""
    first = kb_process("search", LABELS, "--json")
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["results"][0]["key"] == LABELS_KEY
    where = kb_process("where", "--json")
    assert json.loads(where.stdout)["entries"] == SEEDS


def test_add_show_list_and_the_duplicate_check(runner: CliRunner, backend: str) -> None:
    flags = ["-s", "OSError: the frobnicator socket closed", "-d", "data", "-v", "ls /tmp", "-f", "retry"]
    assert kb("add", *flags, "--key", "frob-socket")[0] == 0
    again = kb("add", *flags)
    assert again[0] == 1 and "this looks like 'frob-socket'" in again[2]  # the duplicate check
    shown = kb_process("show", "frob-socket")
    assert shown.returncode == 0 and "OSError: the frobnicator socket closed" in shown.stdout
    listed = kb_process("list", "--domain", "data")
    assert listed.returncode == 0 and "frob-socket" in listed.stdout
    found = kb_process("search", "OSError: the frobnicator socket closed", "--json")
    assert json.loads(found.stdout)["results"][0]["key"] == "frob-socket"


def test_edit_check_review_prune_and_restore(runner: CliRunner, backend: str, tmp_path: Path) -> None:
    kb("where")
    guards = tmp_path / "guards.toml"
    guards.write_text(
        '[[guards]]\nkind = "banned-call"\ncall = ["frob"]\nbad = "frob(x)"\ngood = "defrob(x)"\n'
    )
    assert kb("edit", "port-already-in-use", "--guards", str(guards))[0] == 0
    out = kb("check", "tensorboard-tag-typo", "--yes", "--json")[1]
    assert json.loads(out)["verdict"] in ("confirmed", "ruled out", "could not run here")
    assert kb("review", "port-already-in-use", "--keep")[0] == 0
    assert kb("prune", "--domain", "logging", "--apply")[0] == 0
    assert json.loads(kb("where", "--json")[1])["by_status"]["archived"] >= 1
    assert kb("restore", "--last-prune")[0] == 0
    assert "archived" not in json.loads(kb("where", "--json")[1])["by_status"]


def test_stats_tree_and_the_round_trips(runner: CliRunner, backend: str, tmp_path: Path) -> None:
    assert kb_process("search", LABELS).returncode == 0  # a hit, to travel in the backup
    assert json.loads(kb("stats", "--json")[1])["total"] == SEEDS
    assert kb("tree", "data")[0] == 0
    backup, wiki, folder = tmp_path / "kb.jsonl", tmp_path / "wiki.md", tmp_path / "files"
    assert kb("export", "jsonl", "--out", str(backup))[0] == 0
    assert kb("export", "markdown", "--out", str(wiki))[0] == 0
    assert kb("export", "files", "--out", str(folder))[0] == 0
    for source in (backup, wiki, folder):
        report = json.loads(kb("import", str(source), "--json")[1])
        assert report["added"] == [], source
    restored = tmp_path / "restored.db"
    assert kb("--db", str(restored), "init", "--empty")[0] == 0
    assert kb("--db", str(restored), "import", str(backup))[0] == 0
    again = tmp_path / "again.jsonl"
    kb("--db", str(restored), "export", "jsonl", "--out", str(again))
    assert again.read_text() == backup.read_text()  # the history crossed backends too
    assert kb("seed", "--json")[0] == 0


def test_a_postgres_url_as_hosting_services_write_it_works(postgres_url: str) -> None:
    """`postgres://…` said "no SQLAlchemy dialect has that name"."""
    url = "postgres://" + postgres_url.split("://", 1)[1]
    result = subprocess.run(
        [sys.executable, "-m", "kb", "where", "--json"],
        capture_output=True,
        text=True,
        env={**os.environ, "KB_DB": url},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["entries"] == SEEDS


def test_a_hit_is_stored_in_utc_whatever_the_session_time_zone(backend: str) -> None:
    """With a session time zone of America/New_York, last_hit landed five hours in the future."""
    from datetime import UTC, datetime

    environment = {**os.environ, "PGTZ": "America/New_York", "TZ": "America/New_York"}
    for argv in (["where"], ["search", LABELS]):
        subprocess.run([sys.executable, "-m", "kb", *argv], env=environment, capture_output=True, check=True)
    shown = kb_process("show", LABELS_KEY, "--json")
    last_hit = datetime.fromisoformat(json.loads(shown.stdout)["last_hit"].replace("Z", "+00:00"))
    assert abs((datetime.now(UTC) - last_hit).total_seconds()) < 600


def test_a_database_whose_dates_are_not_written_in_iso_form_still_answers(postgres_url: str) -> None:
    """With `ALTER DATABASE … SET datestyle = 'German, DMY'` every time came back as `05.12.2026
    04:28:17 UTC`: kb list, show, history and stats ended in a traceback (psycopg's, or the lean
    reader's ValueError)."""
    import psycopg

    owner = {**os.environ, "KB_DB": postgres_url}
    subprocess.run([sys.executable, "-m", "kb", "where"], env=owner, capture_output=True, check=True)
    admin = postgres_url.replace("postgresql+psycopg://", "postgresql://", 1)
    name = postgres_url.rsplit("/", 1)[1]
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f"ALTER DATABASE \"{name}\" SET datestyle = 'German, DMY'")
    for argv in (["list"], ["show", LABELS_KEY], ["history", LABELS_KEY], ["stats"], ["search", LABELS]):
        result = subprocess.run(
            [sys.executable, "-m", "kb", *argv], env=owner, capture_output=True, text=True
        )
        assert result.returncode == 0 and result.stderr == "", (argv, result.stderr)


def test_a_time_near_the_year_10000_reads_back_whatever_the_databases_time_zone(postgres_url: str) -> None:
    """A backup's `updated` of 9999-12-31T23:59:59Z, read in a session at +05:30, came back as the
    year 10000, which psycopg refuses: kb list ended in a traceback."""
    import psycopg

    owner = {**os.environ, "KB_DB": postgres_url}
    subprocess.run([sys.executable, "-m", "kb", "where"], env=owner, capture_output=True, check=True)
    admin = postgres_url.replace("postgresql+psycopg://", "postgresql://", 1)
    name = postgres_url.rsplit("/", 1)[1]
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(
            "UPDATE entry SET updated = '9999-12-31 23:59:59+00' WHERE key = %s", (LABELS_KEY,)
        )
        connection.execute(f"ALTER DATABASE \"{name}\" SET timezone = 'Asia/Kolkata'")
    for argv in (["list", "--json"], ["show", LABELS_KEY, "--json"], ["stats"]):
        result = subprocess.run(
            [sys.executable, "-m", "kb", *argv], env=owner, capture_output=True, text=True
        )
        assert result.returncode == 0 and result.stderr == "", (argv, result.stderr)
    shown = subprocess.run(
        [sys.executable, "-m", "kb", "show", LABELS_KEY, "--json"], env=owner, capture_output=True, text=True
    )
    assert json.loads(shown.stdout)["updated"].startswith("9999-12-31T23:59:59")


def test_a_search_gives_up_on_a_table_another_session_locked_in_one_line(postgres_url: str) -> None:
    """A DBA's ALTER TABLE (here LOCK TABLE) kept every search waiting for as long as it was held: on
    SQLite a reader never waits. The search gives up after a few seconds, in one line."""
    import time

    import psycopg

    owner = {**os.environ, "KB_DB": postgres_url}
    subprocess.run([sys.executable, "-m", "kb", "where"], env=owner, capture_output=True, check=True)
    admin = postgres_url.replace("postgresql+psycopg://", "postgresql://", 1)
    with psycopg.connect(admin) as locker:
        locker.execute("LOCK TABLE entry IN ACCESS EXCLUSIVE MODE")
        started = time.monotonic()
        result = subprocess.run(
            [sys.executable, "-m", "kb", "search", LABELS],
            env=owner,
            capture_output=True,
            text=True,
            timeout=60,
        )
        waited = time.monotonic() - started
        locker.rollback()
    assert result.returncode == 1 and waited < 20
    assert result.stderr.count("\n") == 1 and "another session holds a lock on kb's tables" in result.stderr


def test_did_you_mean_names_the_key_sqlite_names_whatever_the_servers_collation(postgres_url: str) -> None:
    """Keys were listed in the server's collation: one that skips punctuation (ICU's shifted, glibc's
    en_US) put zzqlong-a before zzq-long-b, and `kb show zzq` suggested another key than on SQLite."""
    import psycopg

    from kb.store.entry_store import open_store

    admin = postgres_url.replace("postgresql+psycopg://", "postgresql://", 1)
    with open_store(postgres_url) as store:
        for key in ("zzq-long-b", "zzqlong-a"):
            store.add(EntryContent(key=key, domain="data", symptom=f"OSError: the {key} fault"))
    with psycopg.connect(admin, autocommit=True) as connection:
        try:
            connection.execute("CREATE COLLATION shifted (provider = icu, locale = 'en-US-u-ka-shifted')")
        except psycopg.Error:
            pytest.skip("this server has no ICU collations")
        connection.execute('ALTER TABLE entry ALTER COLUMN "key" TYPE VARCHAR COLLATE shifted')
    with open_store(postgres_url) as store:
        assert store.keys() == ["zzq-long-b", "zzqlong-a"]
    shown = subprocess.run(
        [sys.executable, "-m", "kb", "--db", postgres_url, "show", "zzq"], capture_output=True, text=True
    )
    assert "did you mean 'zzq-long-b'?" in shown.stderr


def test_a_save_after_the_server_dropped_an_idle_connection_reconnects(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`kb edit` keeps its connection while the editor is open; the server restarted meanwhile (here:
    the backend terminated, as a restart does) and the save failed with the server back up."""
    import psycopg

    import kb.store.connection
    from kb.store.entry_store import open_store
    from kb.store.seeding import open_knowledge_base

    open_knowledge_base(postgres_url).close()  # seeded
    admin = postgres_url.replace("postgresql+psycopg://", "postgresql://", 1)
    name = postgres_url.rsplit("/", 1)[1]
    with open_store(postgres_url) as store:
        before = store.get(LABELS_KEY).content()
        with psycopg.connect(admin, autocommit=True) as other:
            other.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = %s AND pid <> pg_backend_pid()",
                (name,),
            )
        monkeypatch.setattr(kb.store.connection, "IDLE_CHECK_S", 0.0)  # the editor was open that long
        store.update(LABELS_KEY, before.replace(fix="the fix typed in the editor"), started_from=before)
    with open_store(postgres_url) as store:
        assert store.get(LABELS_KEY).fix == "the fix typed in the editor"


def test_a_row_another_session_holds_stops_a_write_in_one_line_instead_of_forever(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A psql session that locked an entry (`BEGIN; SELECT … FOR UPDATE`) and was left open kept
    `kb rm` of that entry waiting, silent, for as long as the session lived."""
    import threading

    import psycopg

    from kb.store import connection

    monkeypatch.setenv("KB_DB", postgres_url)
    monkeypatch.setattr(connection, "SERVER_LOCK_WAIT_MS", 300, raising=False)
    assert kb("where").code == 0
    holder = psycopg.connect(postgres_url.replace("postgresql+psycopg://", "postgresql://", 1))
    holder.execute('SELECT id FROM entry WHERE "key" = %s FOR UPDATE', (LABELS_KEY,))
    let_go = threading.Timer(20, holder.rollback)  # without a bound, kb waits until then
    let_go.start()
    try:
        code, _, err = kb("rm", LABELS_KEY)
    finally:
        let_go.cancel()
        holder.rollback()
        holder.close()
    assert code == 1 and err.count("\n") == 1 and "another session held a lock" in err, err
    assert json.loads(kb("show", LABELS_KEY, "--json").stdout)["status"] == "active"


def test_a_prune_bounds_its_lock_waits_once_not_once_an_entry(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each row a write locked sent its own `set_config('lock_timeout', …)`: a prune of 20 entries
    paid 20 more round trips to the server than it needed."""
    from kb.store import connection
    from kb.store.seeding import open_knowledge_base

    sent: list[str] = []
    run = connection.Database.run

    def counted(db: connection.Database, sql: str, params: object = None) -> object:
        sent.append(sql)
        return run(db, sql, params)  # type: ignore[arg-type]

    with open_knowledge_base(postgres_url) as store:
        keys = store.keys()[:20]
        monkeypatch.setattr(connection.Database, "run", counted)
        assert len(store.archive_many(keys)) == 20
        store.set_status(keys[0], "active")
    assert sent.count(connection.BOUNDED_LOCK_WAITS) == 2  # one a transaction


def test_a_role_that_may_only_read_can_search_and_list(postgres_url: str) -> None:
    """Its search crashed on `UPDATE entry SET hits…`; the usage record is skipped, as on a read-only file."""
    import uuid

    import psycopg

    owner = {**os.environ, "KB_DB": postgres_url}
    subprocess.run([sys.executable, "-m", "kb", "where"], env=owner, capture_output=True, check=True)
    role = f"kb_reader_{uuid.uuid4().hex[:8]}"
    admin = postgres_url.replace("postgresql+psycopg://", "postgresql://", 1)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f"CREATE ROLE {role} LOGIN")
        connection.execute(f"GRANT USAGE ON SCHEMA public TO {role}")
        connection.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}")
    try:
        reader = {**os.environ, "KB_DB": postgres_url.replace("//kb@", f"//{role}@", 1)}
        for argv in (["search", LABELS], ["search", "qqq nothing like this"], ["list"]):
            result = subprocess.run(
                [sys.executable, "-m", "kb", *argv], env=reader, capture_output=True, text=True
            )
            assert result.returncode in (0, 1) and result.stderr == "", (argv, result.stderr)
            assert result.stdout, argv
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f"REASSIGN OWNED BY {role} TO kb")
            connection.execute(f"DROP OWNED BY {role}")
            connection.execute(f"DROP ROLE {role}")


def all_at_once(work: Callable[[int], object], count: int) -> list[BaseException]:
    """WORK(0) … WORK(COUNT - 1), each on its own thread, released at one instant; what they raised."""
    import threading

    start = threading.Barrier(count)
    failures: list[BaseException] = []

    def worker(number: int) -> None:
        start.wait()
        try:
            work(number)
        except BaseException as exc:  # every failure is the finding
            failures.append(exc)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    return failures


def test_twenty_adds_at_once_that_share_new_words_all_land(backend: str) -> None:
    """20 adds started at the same instant, sharing new words: 2 of 80 failed with a false "an entry
    with key … already exists" (the words' document frequencies were read, then inserted)."""

    from kb.entry.content import EntryContent
    from kb.store.entry_store import open_store
    from kb.store.seeding import open_knowledge_base

    open_knowledge_base(backend).close()
    stores = [open_store(backend) for _ in range(20)]
    words = "quux zorblax frindle wompus grinkle"

    def add(number: int) -> None:
        content = EntryContent(
            key=f"shared-words-{number}", domain="data", symptom=f"OSError: {words} failure {number}"
        )
        stores[number].add(content)

    failures = all_at_once(add, len(stores))
    for store in stores:
        store.close()
    assert failures == []
    listed = kb_process("list", "--domain", "data")
    assert all(f"shared-words-{n}" in listed.stdout for n in range(20))
    found = kb_process("search", f"OSError: {words} failure 7", "--json")
    assert json.loads(found.stdout)["results"][0]["key"] == "shared-words-7"


def test_occurrences_recorded_at_once_are_all_counted(backend: str) -> None:
    """On PostgreSQL two writers read the same count and both wrote count + 1: occurrences were lost."""

    from kb.store.entry_store import open_store
    from kb.store.seeding import open_knowledge_base

    open_knowledge_base(backend).close()
    stores = [open_store(backend) for _ in range(12)]
    before = stores[0].get("cuda-device-side-assert").occurrences
    failures = all_at_once(lambda n: stores[n].record_occurrence("cuda-device-side-assert"), len(stores))
    assert failures == []
    assert stores[0].get("cuda-device-side-assert").occurrences == before + len(stores)
    for store in stores:
        store.close()


def test_a_write_the_server_ends_as_a_deadlock_is_tried_again(postgres_url: str) -> None:
    """kb locks the entries it changes, so that no count is lost; a transaction locking the same
    entries the other way round makes the server end one of the two ("deadlock detected"). When that
    is kb's, kb runs it again rather than failing."""
    import threading

    import psycopg

    from kb.store.entry_store import open_store
    from kb.store.seeding import open_knowledge_base

    open_knowledge_base(postgres_url).close()
    source, target = "cuda-device-side-assert", "cuda-oom-forward-vs-backward"
    other = psycopg.connect(postgres_url.replace("postgresql+psycopg://", "postgresql://", 1))
    other.execute("SET deadlock_timeout = '20s'")  # so that the server ends kb's side, not this one
    other.execute('SELECT id FROM entry WHERE "key" = %s FOR UPDATE', (target,))
    outcome: list[object] = []

    def merge() -> None:
        with open_store(postgres_url) as store:
            try:
                outcome.append(store.merge(source, target).key)
            except BaseException as exc:  # the finding
                outcome.append(exc)

    thread = threading.Thread(target=merge)
    thread.start()
    waiting = (
        "SELECT count(*) FROM pg_stat_activity"
        " WHERE wait_event_type = 'Lock' AND datname = current_database()"
    )
    with psycopg.connect(
        postgres_url.replace("postgresql+psycopg://", "postgresql://", 1), autocommit=True
    ) as spy:
        while spy.execute(waiting).fetchone() == (0,):  # kb holds the source and waits for the target
            pass
    other.execute('SELECT id FROM entry WHERE "key" = %s FOR UPDATE', (source,))
    other.commit()
    other.close()
    thread.join(timeout=120)
    assert outcome == [target]


def test_a_check_recorded_while_kb_seed_updates_that_seed_is_kept(postgres_url: str) -> None:
    """kb seed read every entry unlocked, then wrote each seed it updates back whole: a teammate's
    check (or hit) recorded on that seed in between was written over with the counts read before."""
    import threading
    from datetime import UTC, datetime

    import psycopg

    from kb.store.entry_store import SeedAction, open_store
    from kb.store.record import CheckRun, Entry, SeedItem
    from kb.store.seeding import content_digest, open_knowledge_base

    open_knowledge_base(postgres_url).close()
    seed = next(content for content in read_seed_entries() if content.key == LABELS_KEY)
    shipped = seed.replace(fix=seed.fix + " A newer text of the fix.")
    teammate = open_store(postgres_url)
    run = CheckRun(datetime.now(UTC), "confirmed", "the pattern matched", "true")
    recorded = threading.Thread(target=teammate.record_check, args=(LABELS_KEY, run))
    waiting = (
        "SELECT count(*) FROM pg_stat_activity"
        " WHERE wait_event_type = 'Lock' AND datname = current_database()"
    )

    def decide(current: Entry | None, item: SeedItem) -> SeedAction:
        if not recorded.ident:  # the teammate's check lands now, or waits for this seed's lock
            recorded.start()
            with psycopg.connect(
                postgres_url.replace("postgresql+psycopg://", "postgresql://", 1), autocommit=True
            ) as spy:
                while recorded.is_alive() and spy.execute(waiting).fetchone() == (0,):
                    pass
        return "update"

    with open_store(postgres_url) as store:
        store.sync_seed([SeedItem(shipped, content_digest(shipped))], decide)
    recorded.join(timeout=120)
    teammate.close()
    with open_store(postgres_url) as store:
        entry = store.get(LABELS_KEY)
    assert entry.fix.endswith("A newer text of the fix.")
    assert entry.last_check_outcome == "confirmed"


def test_a_team_schema_owned_by_one_role_and_written_by_another(postgres_url: str) -> None:
    """The set-up the README gives: kb's tables in a schema of their own, created by the role that
    owns it; teammates' roles may only read and write rows. A teammate whose command came before
    the owner's first was told "permission denied for schema team_kb", and not what to do."""
    import uuid

    import psycopg

    suffix = uuid.uuid4().hex[:8]
    owner, writer = f"kb_owner_{suffix}", f"kb_writer_{suffix}"
    admin = postgres_url.replace("postgresql+psycopg://", "postgresql://", 1)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f"CREATE ROLE {owner} LOGIN")
        connection.execute(f"CREATE ROLE {writer} LOGIN")
        connection.execute(f"CREATE SCHEMA team_kb AUTHORIZATION {owner}")

    def as_role(role: str, *argv: str) -> subprocess.CompletedProcess[str]:
        url = postgres_url.replace("//kb@", f"//{role}@", 1) + "?options=-csearch_path%3Dteam_kb"
        return subprocess.run(
            [sys.executable, "-m", "kb", *argv],
            env={**os.environ, "KB_DB": url},
            capture_output=True,
            text=True,
        )

    try:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f"GRANT USAGE ON SCHEMA team_kb TO {writer}")
        early = as_role(writer, "search", "OSError: x")  # before the owner's first command
        assert early.returncode == 1 and early.stderr.count("\n") == 1, early.stderr
        assert "holds no kb tables yet, and this role may not create them" in early.stderr
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f"REVOKE USAGE ON SCHEMA team_kb FROM {writer}")
        created = as_role(owner, "init")
        assert created.returncode == 0, created.stderr
        ungranted = as_role(writer, "where")  # the schema is there; the role may not use it yet
        assert ungranted.returncode == 1 and "or the role lacks USAGE on it" in ungranted.stderr
        with psycopg.connect(admin, autocommit=True) as connection:
            tables = connection.execute(
                "SELECT table_schema, count(*) FROM information_schema.tables"
                " WHERE table_name IN ('entry', 'kb_migration') GROUP BY table_schema"
            ).fetchall()
            assert tables == [("team_kb", 2)]
            connection.execute(f"GRANT USAGE ON SCHEMA team_kb TO {writer}")
            connection.execute(
                f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA team_kb TO {writer}"
            )
            connection.execute(f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA team_kb TO {writer}")
            for kind, rights in (
                ("TABLES", "SELECT, INSERT, UPDATE, DELETE"),
                ("SEQUENCES", "USAGE, SELECT"),
            ):
                connection.execute(
                    f"ALTER DEFAULT PRIVILEGES FOR ROLE {owner} IN SCHEMA team_kb"
                    f" GRANT {rights} ON {kind} TO {writer}"
                )
            # as a newer kb finds it: one migration (m014 makes a table anew) still to run
            connection.execute(
                "DELETE FROM team_kb.kb_migration WHERE name = 'm014_postings_keyed_by_impact'"
            )
        older = as_role(writer, "where")
        assert older.returncode == 1 and older.stderr.count("\n") == 1, older.stderr
        assert "which this role may not make: the role that owns kb's tables must run kb once" in older.stderr
        upgraded = as_role(owner, "where")
        assert upgraded.returncode == 0, upgraded.stderr
        flags = [
            "-s",
            "OSError: the team's shard server refused the mount",
            "-d",
            "data",
            "-v",
            "true",
            "-f",
            "remount",
        ]
        added = as_role(writer, "add", *flags, "--key", "shard-mount-refused")
        assert added.returncode == 0, added.stderr
        found = as_role(writer, "search", "OSError: the team's shard server refused the mount", "--json")
        assert json.loads(found.stdout)["results"][0]["key"] == "shard-mount-refused"
        archived = as_role(writer, "rm", "shard-mount-refused")
        assert archived.returncode == 0, archived.stderr
        seen = as_role(owner, "show", "shard-mount-refused", "--json")
        assert json.loads(seen.stdout)["status"] == "archived"
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            for role in (writer, owner):
                connection.execute(f"DROP OWNED BY {role} CASCADE")
                connection.execute(f"DROP ROLE {role}")


def test_a_missing_database_or_schema_on_a_real_server_is_one_line(postgres_url: str) -> None:
    server = postgres_url.rsplit("/", 1)[0]
    cases = {
        f"{server}/kb_no_such_database": 'database "kb_no_such_database" does not exist',
        f"{postgres_url}?options=-csearch_path%3Dnowhere": "names no schema this role may use",
    }
    for url, fragment in cases.items():
        for argv in (
            ["search", LABELS],
            ["where"],
            ["add", "-s", "OSError: x", "-d", "data", "-v", "true"],
        ):
            result = subprocess.run(
                [sys.executable, "-m", "kb", *argv],
                env={**os.environ, "KB_DB": url},
                capture_output=True,
                text=True,
            )
            assert result.returncode == 1, (url, argv)
            assert result.stderr.count("\n") == 1 and fragment in result.stderr, (argv, result.stderr)


def test_sync_with_an_entry_folder(runner: CliRunner, backend: str, tmp_path: Path) -> None:
    folder = tmp_path / "team"
    folder.mkdir()
    assert kb("init", "--empty")[0] == 0
    flags = ["-s", "OSError: the frobnicator socket closed", "-d", "data", "-v", "ls /tmp", "-f", "retry"]
    assert kb("add", *flags, "--key", "frob-socket")[0] == 0
    code, out, _ = kb("sync", str(folder), "--json")
    assert code == 0 and [s["action"] for s in json.loads(out)["steps"]] == ["add-to-folder"]
    entry_file = folder / "data" / "frob-socket.md"
    entry_file.write_text(entry_file.read_text().replace("retry", "reconnect with backoff"))
    code, out, _ = kb("sync", str(folder), "--json")
    assert code == 0 and [s["action"] for s in json.loads(out)["steps"]] == ["update-kb"]
    assert "reconnect with backoff" in kb_process("show", "frob-socket").stdout


def test_after_the_server_dropped_kbs_connection_the_next_statement_connects_again(postgres_url: str) -> None:
    """A process that keeps its connection (the TUI, kb mcp) failed every read and write after a
    server restart, 'the connection is closed', until it was quit. The statement that meets the loss
    fails and says so; the next one connects again."""
    import psycopg

    from kb.errors import KbError
    from kb.tui.library import Library

    def server_restarts() -> None:
        with psycopg.connect(postgres_url.replace("postgresql+psycopg://", "postgresql://", 1)) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )

    library = Library(postgres_url)
    key = library.store().get("cuda-device-side-assert").key
    server_restarts()
    with pytest.raises(KbError):
        library.entry(key)
    assert library.entry(key).key == key
    server_restarts()
    with pytest.raises(KbError):
        library.keep(key)
    library.keep(key)  # a write too
    assert library.entry(key).reviewed is not None
    library.close()


def test_on_a_shared_server_each_person_adds_from_their_own_last_search(
    postgres_url: str, tmp_path: Path
) -> None:
    """With KB_DB on the team's server, `kb add --from-last` took a teammate's search (and every
    teammate's pastes were rows in the shared database): each person's misses are their own."""
    import psycopg

    def as_person(name: str, *argv: str) -> subprocess.CompletedProcess[str]:
        home = tmp_path / name
        env = {**os.environ, "KB_DB": postgres_url, "XDG_DATA_HOME": str(home / "data"), "HOME": str(home)}
        return subprocess.run([sys.executable, "-m", "kb", *argv], env=env, capture_output=True, text=True)

    assert as_person("alice", "search", "AliceError: the zorblax cache lost shard 7").returncode == 1
    assert as_person("bob", "search", "BobError: the quux relay dropped its token").returncode == 1
    added = as_person("alice", "add", "--from-last", "-d", "data", "-v", "true", "-f", "x", "--new", "--json")
    assert added.returncode == 0, added.stderr
    assert json.loads(added.stdout)["symptom"].startswith("AliceError")
    with psycopg.connect(postgres_url.replace("postgresql+psycopg://", "postgresql://", 1)) as admin:
        assert admin.execute("SELECT count(*) FROM search_miss").fetchone() == (0,)


def test_psycopgs_warnings_about_a_lost_connection_stay_off_the_terminal(postgres_url: str) -> None:
    """A server stopped mid-`kb import` printed psycopg's `error ignored terminating
    <psycopg.Pipeline [BAD]>` before kb's one line: with no logging set up, Python's last-resort
    handler prints a library's warnings (a process of its own: pytest sets logging up)."""
    code = (
        "import logging, sys\n"
        "from kb.paths import resolve_location\n"
        "from kb.store.connection import connect\n"
        "connect(resolve_location(sys.argv[1])).close()  # the store's psycopg connection\n"
        "logging.getLogger('psycopg').warning('error ignored terminating <psycopg.Pipeline [BAD]>')\n"
    )
    ran = subprocess.run([sys.executable, "-c", code, postgres_url], capture_output=True, text=True)
    assert ran.returncode == 0 and "Pipeline" not in ran.stderr, ran.stderr
