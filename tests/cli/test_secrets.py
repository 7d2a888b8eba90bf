"""Secrets never reach the database, whichever face or format an entry comes through.

Redaction happens where every write passes (kb.entry.content.normalized), so each test goes in by a
different door and then reads the raw database, not kb's view of it: on SQLite the file and its
write-ahead log, on PostgreSQL every row of every table as the server prints it.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.store.entry_store import open_store
from kb.tui.library import Library
from tests.command_line import kb

#: Credentials in the forms people paste, each built at run time so no real-looking token sits in git.
SECRETS = {
    "hugging face": "hf_" + "Q7wErTy1UiOp2AsDfGh3JkLzXcVbNm4x",
    "openai": "sk-" + "proj4Rt7Yu1Io9Pa2Sd5Fg8Hj3Kl6",
    "github": "ghp_" + "aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6",
    "github pat": "github_pat_" + "11ABCDEFG0123456789_abcdefghijKLMNOP",
    "aws": "AKIA" + "IOSFODNN7EXAMPLQ",
    "bearer": "Bearer " + "eyJhbGciOi.eyJzdWIiOi.sIgnAtUrE9x",
    "url token": "https://deploy:" + "s3cr3tTok3n42" + "@git.example.com/team/repo.git",
    "postgres": "postgres://kb:" + "hunter2pass" + "@db.example.com:5432/kb",
    "named key": "WANDB_API_KEY=" + "plainvaluewithoutshape",
    "named password": "DB_PASSWORD=" + "correcthorsebattery",
    "named credential": "GCP_CREDENTIAL=" + "anotherplainvalue",
    "named secret": "CLIENT_SECRET=" + "yetanotherplainvalue",
}
#: The part of each that must not be stored.
SECRET_PARTS = [
    "Q7wErTy1UiOp2AsDfGh3JkLzXcVbNm4x",
    "proj4Rt7Yu1Io9Pa2Sd5Fg8Hj3Kl6",
    "aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6",
    "11ABCDEFG0123456789_abcdefghijKLMNOP",
    "IOSFODNN7EXAMPLQ",
    "eyJhbGciOi.eyJzdWIiOi",
    "s3cr3tTok3n42",
    "hunter2pass",
    "plainvaluewithoutshape",
    "correcthorsebattery",
    "anotherplainvalue",
    "yetanotherplainvalue",
]
PASTED = " ; ".join(SECRETS.values())


def assert_no_secret_stored(db: str) -> None:
    if "://" in db:
        import psycopg

        with psycopg.connect(db.replace("postgresql+psycopg://", "postgresql://", 1)) as connection:
            tables = connection.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            ).fetchall()
            raw = "".join(
                str(row[0])
                for (table,) in tables
                for row in connection.execute(f'SELECT t::text FROM "{table}" t').fetchall()
            ).encode()
        from kb.paths import resolve_location
        from kb.store.misses_here import misses_file

        misses = Path(misses_file(resolve_location(db)))  # a server's misses are kept here
        raw += misses.read_bytes() if misses.exists() else b""
    else:
        path = Path(db)
        raw = b"".join(p.read_bytes() for p in (path, path.with_name(path.name + "-wal")) if p.exists())
    leaked = [part for part in SECRET_PARTS if part.encode() in raw]
    assert leaked == []


def kb_ok(*args: str) -> None:
    result = kb(*args)
    assert result.exit_code == 0, result.stderr


def entry_file(key: str) -> str:
    return (
        f'+++\nkey = "{key}"\ndomain = "deployment"\n+++\n\n## Symptom\n\nRuntimeError: push rejected\n\n'
        f"## Validation\n\ngit remote -v\n\n## Fix\n\nRotate it: {PASTED}\n\n"
        f"## Conditions\n\n{PASTED}\n\n## Environment\n\n{PASTED}\n"
    )


def test_kb_add(runner: CliRunner, kb_db: str) -> None:
    kb_ok("add", "--new", "-k", "added", "-s", "RuntimeError: push rejected", "-d", "deployment",
       "-v", "git remote -v", "-f", PASTED, "--conditions", PASTED, "--environment", PASTED)  # fmt: skip
    assert_no_secret_stored(kb_db)


def test_kb_edit(runner: CliRunner, kb_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kb_ok("add", "--new", "-k", "edited", "-s", "RuntimeError: push rejected", "-d", "deployment",
       "-v", "git remote -v", "-f", "rotate it")  # fmt: skip
    script = tmp_path / "editor.py"
    script.write_text(
        f"import sys, pathlib\npathlib.Path(sys.argv[1]).write_text({entry_file('edited')!r})\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("EDITOR", f"{sys.executable} {script}")
    kb_ok("edit", "edited")
    assert_no_secret_stored(kb_db)


@pytest.mark.parametrize("form", ["entry file", "markdown table", "jsonl"])
def test_kb_import(runner: CliRunner, kb_db: str, tmp_path: Path, form: str) -> None:
    if form == "entry file":
        source = tmp_path / "imported.md"
        source.write_text(entry_file("imported"), encoding="utf-8")
    elif form == "markdown table":
        source = tmp_path / "wiki.md"
        source.write_text(
            f"## deployment\n\n| Symptom | Validation | Fix |\n|---|---|---|\n"
            f"| RuntimeError: push rejected | `git remote -v` | {PASTED} |\n",
            encoding="utf-8",
        )
    else:
        source = tmp_path / "backup.jsonl"
        record = {
            "key": "imported", "domain": "deployment", "symptom": "RuntimeError: push rejected",
            "validation": "git remote -v", "fix": PASTED, "conditions": PASTED, "environment": PASTED,
        }  # fmt: skip
        source.write_text(json.dumps(record) + "\n", encoding="utf-8")
    kb_ok("import", str(source))
    assert_no_secret_stored(kb_db)


def test_the_tuis_save(kb_db: str) -> None:
    """The TUI's add and edit forms save through Library.save."""
    library = Library(kb_db)
    with open_store(kb_db) as store:
        content = store.get("cuda-device-side-assert").content()
    library.save(content.replace(fix=PASTED, conditions=PASTED, environment=PASTED), replacing=content.key)
    library.close()
    assert_no_secret_stored(kb_db)


def test_an_occurrence_appends_its_conditions_redacted(runner: CliRunner, kb_db: str) -> None:
    with open_store(kb_db) as store:
        symptom = store.get("cuda-device-side-assert").symptom
    kb_ok("add", "--occurrence", "-s", symptom, "--conditions", PASTED)
    assert_no_secret_stored(kb_db)


def test_a_search_that_finds_nothing_remembers_the_paste_redacted(
    kb_db: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`env | kb search -`: the miss is kept for `kb add --from-last`, without the credentials."""
    import io

    from kb.cli.fast_search import main

    shaped = [value for value in SECRETS.values() if "=" not in value]
    named = [value for value in SECRETS.values() if "=" in value]  # already NAME=value
    lines = ["PATH=/usr/bin:/bin", *(f"VALUE_{n}={value}" for n, value in enumerate(shaped)), *named]
    environment = "\n".join(lines)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(environment.encode()), encoding="utf-8"))
    assert main(["-"]) == 1
    capsys.readouterr()
    with open_store(kb_db) as store:
        assert store.last_miss() is not None
    assert_no_secret_stored(kb_db)


def test_only_the_most_recent_misses_are_kept(kb_db: str) -> None:
    from kb.paths import resolve_location
    from kb.search.lookup import search
    from kb.store.index_reader import KEPT_MISSES

    location = resolve_location(kb_db)
    for n in range(KEPT_MISSES + 5):
        search(f"zzqx wibble {n}", location)
    if location.is_sqlite:
        with open_store(kb_db) as store:
            kept = store.db.value("SELECT COUNT(*) FROM search_miss")
    else:  # a server a team shares: each user's own, in their data folder (kb.store.misses_here)
        from kb.store.misses_here import kept_misses

        kept = kept_misses(location)
    assert kept == KEPT_MISSES


def test_a_checks_output_is_kept_redacted(kb_db: str) -> None:
    """A validation such as `huggingface-cli whoami` or `env | grep HF` may print a token."""
    from datetime import UTC, datetime

    from kb.store.record import CheckRun

    with open_store(kb_db) as store:
        output = f"logged in\n{PASTED}\n"
        run = CheckRun(datetime.now(UTC), "inconclusive", "a probe", "huggingface-cli whoami", output=output)
        store.record_check("cuda-device-side-assert", run)
    assert_no_secret_stored(kb_db)


def test_a_triage_draft_is_written_redacted() -> None:
    from kb.entry.content import EntryContent
    from kb.verify.triage import save_triage_draft

    draft = EntryContent(
        key="push-rejected",
        domain="deployment",
        symptom="RuntimeError: push rejected",
        conditions=PASTED,
        environment=PASTED,
    )
    text = save_triage_draft(draft).read_text(encoding="utf-8")
    assert [part for part in SECRET_PARTS if part in text] == []


def test_a_triage_says_its_anchor_redacted(tmp_path: Path) -> None:
    """The draft of a triage was redacted, but its anchor, printed as step 1 and given in --json,
    held the log's URL password and token as they were."""
    log = tmp_path / "fetch.log"
    log.write_text(f"epoch 1\nRuntimeError: failed to fetch the model: {PASTED}\n", encoding="utf-8")
    for json_flag in ((), ("--json",)):
        code, out, err = kb("triage", "--no-env", "--log", str(log), "--conditions", PASTED, *json_flag)
        assert code == 0, err
        assert [part for part in SECRET_PARTS if part in out + err] == []


#: Shapes that passed every field before: a Stripe key, and a password said in words.
MORE = {"stripe": "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc", "said": "the password is " + "Tr0ub4dor&3"}


def test_the_short_fields_are_redacted_too_and_sync_writes_no_secret_to_the_folder(
    runner: CliRunner, kb_db: str, tmp_path: Path
) -> None:
    """Tags, source and cause path were never redacted, and sync wrote them to the team's folder."""
    token = SECRETS["github"]
    kb_ok("add", "--new", "-k", "short-fields", "-s", "RuntimeError: push rejected", "-d", "deployment",
       "-v", "git remote -v", "-f", f"rotate: {MORE['stripe']}; {MORE['said']}", "-t", token,
       "-t", SECRETS["hugging face"], "--source", SECRETS["url token"],
       "--cause-path", f"auth > {SECRETS['aws']}")  # fmt: skip
    assert_no_secret_stored(kb_db)
    with open_store(kb_db) as store:
        stored = store.get("short-fields")
    assert "4eC39HqLyjWDarjtT1zdp7dc" not in stored.fix and "Tr0ub4dor&3" not in stored.fix
    folder = tmp_path / "team"
    folder.mkdir()
    kb_ok("sync", str(folder))
    written = "".join(path.read_text() for path in folder.rglob("*.md"))
    assert "short-fields" in written and not [part for part in SECRET_PARTS if part in written]


def test_an_undo_after_a_url_with_a_password_neither_echoes_it_nor_shows_a_line_that_cannot_run(
    postgres_url: str,
) -> None:
    """`kb --db postgresql://kb:pw@… prune --apply` printed `undo with: kb --db '…kb:***@…' restore
    --last-prune`, which fails to log in as printed."""
    scheme, _, rest = postgres_url.partition("://")
    user, _, host = rest.partition("@")
    with_password = f"{scheme}://{user.split(':')[0]}:s3cret-pw@{host}"  # the test server trusts kb
    pruned = kb("--db", with_password, "prune", "--domain", "data", "--apply")
    assert pruned.code == 0, pruned.output
    assert "s3cret-pw" not in pruned.output and "***" not in pruned.output
    assert pruned.stdout.splitlines()[-1].endswith(
        "undo with: kb --db '<your --db URL>' restore --last-prune"
    )


@pytest.mark.parametrize(
    "url",
    [
        "postgresql+psycopg://kb_team@127.0.0.1:1/ml?password=Hunter2Secret",
        "postgresql+psycopg://kb_team:Hunter2Secret@[::1/ml",
        "postgresql+psycopg://kb_team:Hunter2Secret%zz@127.0.0.1:1/ml",
    ],
)
def test_a_database_kb_cannot_reach_is_named_without_its_password(url: str) -> None:
    """libpq's `?password=` form, a URL libpq quotes whole and a password it quotes bare were
    printed in full, in every command's error and every search's warning about the team layer."""
    where = kb("--db", url, "where")
    assert where.code != 0 and where.stderr.count("\n") == 1
    assert "Hunter2" not in where.output
    config = Path(os.environ["XDG_CONFIG_HOME"]) / "kb" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(f'[[layer]]\nname = "team"\ndatabase = "{url}"\n')
    for command in (["layers"], ["search", "KeyError: 'lr'"]):
        ran = kb(*command)
        assert "Hunter2" not in ran.output, command
