"""Export to the wiki and import back: lossless round trips, conflicts, dry runs, all-or-nothing."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from kb.entry.check_rule import NO_RULE, fill
from kb.store.entry_store import open_store
from tests.command_line import kb

ROOT = Path(__file__).resolve().parents[2]
START = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


def contents(db: Path | None = None) -> dict[str, object]:
    with open_store(str(db) if db else None) as store:
        return {e.key: e.content() for e in store.list(status=None)}


def test_a_jsonl_backup_restores_every_field(runner: CliRunner, tmp_path: Path) -> None:
    kb("check", "torch-load-map-location", "--yes", "--timeout", "5")
    symptom = json.loads(kb("show", "port-already-in-use", "--json")[1])["symptom"]
    assert kb("search", symptom)[0] == 0  # a confident search counts a hit
    with open_store() as store:
        store.record_occurrence("port-already-in-use", "after a crash")
    kb("rm", "tensorboard-tag-typo")
    backup = tmp_path / "kb.jsonl"
    assert kb("export", "jsonl", "--out", str(backup))[0] == 0
    other = tmp_path / "other.db"
    assert kb("--db", str(other), "init", "--empty")[0] == 0
    code, out, err = kb("--db", str(other), "import", str(backup), "--json")
    assert code == 0, err
    report = json.loads(out)
    assert len(report["added"]) == len(backup.read_text().splitlines()) and report["skipped"] == []
    again = tmp_path / "again.jsonl"
    kb("--db", str(other), "export", "jsonl", "--out", str(again))
    assert again.read_text() == backup.read_text()


def test_a_backup_imported_back_finds_every_entry_as_it_is(runner: CliRunner, tmp_path: Path) -> None:
    """A JSON backup sorts a check's inputs by name: seven seeds whose files list them otherwise were
    "changed" on the way back, so a restored kb pushed seeds into a team folder and held back seed
    updates. A check's inputs are a table, and a table has no order."""
    backup = tmp_path / "kb.jsonl"
    assert kb("export", "jsonl", "--out", str(backup))[0] == 0
    code, out, err = kb("import", str(backup), "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["added"] == [] and report["updated"] == [] and not report.get("conflicts")


def test_a_restored_seed_is_still_the_seed_as_shipped(runner: CliRunner, tmp_path: Path) -> None:
    """A backup's JSON sorts a guard's fields: twelve untouched seeds restored from it read as edited,
    so they were due for review and `kb seed` kept them "as you edited them" instead of updating."""
    from kb.store.seeding import content_digest

    backup = tmp_path / "kb.jsonl"
    assert kb("export", "jsonl", "--out", str(backup))[0] == 0
    restored = tmp_path / "restored.db"
    assert kb("--db", str(restored), "init", "--empty")[0] == 0
    assert kb("--db", str(restored), "import", str(backup))[0] == 0
    content_digest.cache_clear()  # equal contents share a cache slot, whatever their fields' order
    with open_store(str(restored)) as store:
        seeds = [entry for entry in store.list(status=None) if entry.seed_digest]
        edited = [entry.key for entry in seeds if content_digest(entry.content()) != entry.seed_digest]
    assert len(seeds) > 80 and edited == []


def test_entry_files_round_trip(runner: CliRunner, tmp_path: Path) -> None:
    folder = tmp_path / "team-kb"
    code, _, _ = kb("export", "files", "--out", str(folder))
    assert code == 0 and (folder / "data" / "dataloader-too-many-open-files.md").exists()
    other = tmp_path / "other.db"
    assert kb("--db", str(other), "init", "--empty")[0] == 0
    code, _, err = kb("--db", str(other), "import", str(folder))
    assert code == 0, err
    assert contents(other) == contents()


def test_conflicts_are_never_overwritten_silently(runner: CliRunner, tmp_path: Path) -> None:
    theirs = tmp_path / "theirs.md"
    kb("where")  # a seeded knowledge base
    with open_store() as store:
        mine = store.get("torch-load-map-location").content()
    from kb.entry.file import render_entry_file

    theirs.write_text(render_entry_file(mine.replace(fix="Their fix.")))
    code, out, _ = kb("import", str(theirs))
    assert code == 0 and "skipped 1\n" in out and "already in kb" not in out  # it is not: it differs
    assert "1 differs from kb's entry and kept as kb has it" in out and out.rstrip().endswith(
        "torch-load-map-location"
    )
    assert json.loads(kb("import", str(theirs), "--json")[1])["conflicts"] == ["torch-load-map-location"]
    assert contents()["torch-load-map-location"].fix == mine.fix  # type: ignore[attr-defined]
    code, out, _ = kb("import", str(theirs), "--on-conflict", "rename")
    assert "imported as torch-load-map-location-2" in out
    assert contents()["torch-load-map-location-2"].fix == "Their fix."  # type: ignore[attr-defined]
    code, out, _ = kb("import", str(theirs), "--on-conflict", "overwrite", "--dry-run")
    assert "would update 1" in out and "nothing was changed" in out
    assert contents()["torch-load-map-location"].fix == mine.fix  # type: ignore[attr-defined]
    kb("import", str(theirs), "--on-conflict", "overwrite")
    assert contents()["torch-load-map-location"].fix == "Their fix."  # type: ignore[attr-defined]


def test_importing_again_with_rename_adds_no_second_copy(runner: CliRunner, tmp_path: Path) -> None:
    """Each `kb import wiki.md --on-conflict rename` of the same file added one more copy of a row
    that differs from kb's entry (pipe-cell-2, -3, -4): the wiki imported back added it again."""
    wiki = tmp_path / "wiki.md"
    wiki.write_text(
        "## data\n\n| Symptom | Fix |\n| --- | --- |\n"
        '| <a id="torch-load-map-location"></a>RuntimeError: their words for it | Their fix. |\n'
    )
    code, out, _ = kb("import", str(wiki), "--on-conflict", "rename")
    assert code == 0 and "imported as torch-load-map-location-2" in out
    code, out, err = kb("import", str(wiki), "--on-conflict", "rename")
    assert code == 0, err
    assert out.startswith("added 0, updated 0, skipped 1 (1 already in kb as they are)\n")
    assert "kb has the file's version already, as torch-load-map-location-2" in out
    assert "torch-load-map-location-3" not in contents()
    report = json.loads(kb("import", str(wiki), "--on-conflict", "rename", "--json")[1])
    assert report["added"] == [] and report["skipped"] == ["torch-load-map-location-2"]


def test_a_malformed_file_names_its_line_and_nothing_is_written(runner: CliRunner, tmp_path: Path) -> None:
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "a-good.md").write_text('+++\nkey = "good-one"\ndomain = "data"\n+++\n\n## Symptom\n\nok\n')
    (folder / "b-bad.jsonl").write_text('{"key": "fine", "domain": "data", "symptom": "x"}\n{not json}\n')
    before = contents()
    code, _, err = kb("import", str(folder))
    assert code == 1 and "b-bad.jsonl:2: not JSON" in err and err.count("\n") == 1
    assert contents() == before


def test_import_reports_usage_errors(runner: CliRunner, tmp_path: Path) -> None:
    assert kb("import", str(tmp_path / "missing.md"))[0] == 1
    (tmp_path / "x.md").write_text('+++\nkey = "x"\ndomain = "data"\n+++\n\n## Symptom\n\nok\n')
    code, _, err = kb("import", str(tmp_path / "x.md"), "--on-conflict", "merge")
    assert code == 2 and "--on-conflict must be one of" in err


@pytest.mark.parametrize(
    "args",
    [("import", ""), ("export", "files", "--out", ""), ("export", "markdown", "--out", " ")],
    ids=["import", "export files", "export markdown"],
)
def test_an_empty_path_is_refused_not_read_as_this_folder(
    args: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`kb import "$WIKI"` with WIKI unset imported every entry file of the folder it ran in."""
    monkeypatch.chdir(tmp_path)
    assert kb("export", "files", "--out", ".").code == 0
    before = sorted(tmp_path.rglob("*"))
    code, _, err = kb(*args)
    assert code == 2 and "an empty path: name a file or a folder (`.` for this one)" in err
    assert sorted(tmp_path.rglob("*")) == before


def test_the_wiki_table_round_trips_into_an_empty_kb(runner: CliRunner, tmp_path: Path) -> None:
    from kb.exchange.markdown_tables import EXTRA_COLUMNS

    kb("where")
    wiki = tmp_path / "wiki.md"
    code, _, _ = kb("export", "markdown", "--out", str(wiki), "--columns", ",".join(EXTRA_COLUMNS))
    assert code == 0
    other = tmp_path / "other.db"
    assert kb("--db", str(other), "init", "--empty")[0] == 0
    code, _, err = kb("--db", str(other), "import", str(wiki))
    assert code == 0, err
    # A wiki table has no room for snippets, guards or check rules; its commands are the checks as a
    # reader runs them, their inputs at their defaults.
    as_tables = {
        key: c.replace(snippet="", guards=(), check_rule=NO_RULE, validation=fill(c.validation, c.check_rule))  # type: ignore[attr-defined]
        for key, c in contents().items()
    }
    assert contents(other) == as_tables


def test_rows_whose_messages_differ_only_in_numbers_are_two_entries(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Both rows make the key `zorkerror-zork-table-overflowed-row`: the second was compared with the
    first, reported as differing from "kb's entry" and dropped, and each import with overwrite
    flipped the one entry between the two rows."""
    wiki = tmp_path / "wiki.md"
    wiki.write_text(
        "## hardware\n\n| Symptom | Validation | Fix |\n| --- | --- | --- |\n"
        "| ZorkError: the zork table overflowed at row 5 | `nvidia-smi -L` | shrink the zork table |\n"
        "| ZorkError: the zork table overflowed at row 9000 | `nvidia-smi -q` | move it to the big node |\n",
        encoding="utf-8",
    )
    db = str(tmp_path / "team.db")
    assert kb("--db", db, "init", "--empty")[0] == 0
    report = json.loads(kb("--db", db, "import", str(wiki), "--json")[1])
    assert report["added"] == ["zorkerror-zork-table-overflowed-row", "zorkerror-zork-table-overflowed-row-2"]
    fixes = {c.fix for c in contents(tmp_path / "team.db").values()}  # type: ignore[attr-defined]
    assert fixes == {"shrink the zork table", "move it to the big node"}
    for again in ([], ["--on-conflict", "overwrite"]):
        report = json.loads(kb("--db", db, "import", str(wiki), "--json", *again)[1])
        assert (report["added"], report["updated"], report["conflicts"]) == ([], [], [])
        assert len(report["skipped"]) == 2
    assert {c.fix for c in contents(tmp_path / "team.db").values()} == fixes  # type: ignore[attr-defined]


def test_hidden_characters_come_back_from_the_wiki_as_they_were(runner: CliRunner, tmp_path: Path) -> None:
    symptom = "KeyError: '\ufeffuser_id' reading features.csv"
    fix = "read with encoding='utf-8-sig'\u200b, or strip it: df.columns.str.lstrip('\\ufeff')"
    assert kb("add", "-s", symptom, "-v", "head -c 3 features.csv | xxd", "-f", fix, "-d", "data")[0] == 0
    wiki = tmp_path / "wiki.md"
    assert kb("export", "markdown", "--out", str(wiki))[0] == 0
    page = wiki.read_text(encoding="utf-8")
    assert "\ufeff" not in page and "KeyError: '\\ufeffuser\\_id'" in page

    again = kb("import", str(wiki))[1]
    assert "already in kb as they are" in again and "differ" not in again
    assert kb("--db", str(tmp_path / "other.db"), "init", "--empty")[0] == 0
    assert kb("--db", str(tmp_path / "other.db"), "import", str(wiki))[0] == 0
    (imported,) = [c for c in contents(tmp_path / "other.db").values() if c.symptom == symptom]  # type: ignore[attr-defined]
    assert imported.fix == fix  # type: ignore[attr-defined]


def test_an_import_of_table_rows_says_what_the_rows_did_not_carry(runner: CliRunner, tmp_path: Path) -> None:
    kb("where")
    wiki, backup = tmp_path / "wiki.md", tmp_path / "backup.jsonl"
    kb("export", "markdown", "--out", str(wiki), "--domain", "deployment", "--columns", "root_cause,tags")
    kb("export", "jsonl", "--out", str(backup), "--domain", "deployment")
    count = len(backup.read_text(encoding="utf-8").splitlines())

    assert kb("--db", str(tmp_path / "other.db"), "init", "--empty")[0] == 0
    code, out, err = kb("--db", str(tmp_path / "other.db"), "import", str(wiki))
    assert code == 0, err
    assert f"{count} entries came from table rows, which carry only their columns: no cause path," in out
    assert "guards, applies_to or a verdict rule for the check (kb export jsonl" in out
    assert "root cause" not in out and "tags" not in out  # the table had those columns

    assert kb("--db", str(tmp_path / "dry.db"), "init", "--empty")[0] == 0
    code, out, _ = kb("--db", str(tmp_path / "dry.db"), "import", str(wiki), "--dry-run", "--json")
    report = json.loads(out)
    assert len(report["from_rows"]) == count and report["rows_lack"][0] == "cause_path"
    assert "check_rule" in report["rows_lack"] and "tags" not in report["rows_lack"]

    # Rows of entries kb has change only their columns, and a backup is whole: nothing is said.
    assert "table rows" not in kb("import", str(wiki))[1]
    assert kb("--db", str(tmp_path / "whole.db"), "init", "--empty")[0] == 0
    assert "table rows" not in kb("--db", str(tmp_path / "whole.db"), "import", str(backup))[1]


@pytest.mark.parametrize("kind", ["markdown", "jsonl"])
def test_out_dash_is_standard_output_not_a_file_named_dash(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = kb("export", kind, "--out", "-", "--domain", "deployment")
    assert code == 0 and "port-already-in-use" in out
    assert not (tmp_path / "-").exists()


def test_the_markdown_export_is_deterministic_and_filtered(runner: CliRunner) -> None:
    first = kb("export", "markdown", "--domain", "deployment")[1]
    second = kb("export", "markdown", "--domain", "deployment")[1]
    assert first == second and "## deployment" in first and "## data" not in first
    assert "| Key |" not in first and '<a id="port-already-in-use"></a>' in first  # the key, unseen
    assert "| Symptom | Validation command | Fix |" in first.replace("  ", " ")
    tagged = kb("export", "markdown", "--tag", "map_location", "--columns", "key")[1]
    assert "torch-load-map-location" in tagged and "port-already-in-use" not in tagged
    assert kb("export", "markdown", "--since", "yesterday")[0] == 2
    assert kb("export", "markdown", "--columns", "colour")[0] == 2


HAND_WRITTEN = """# 我们组的故障表

| 现象 | 验证命令 | 修复方案 |
| --- | --- | --- |
| 多进程 DataLoader 训练卡住 num_workers=8 | `nproc` | 把 num_workers 降到 4 |
| NCCL timeout after 30 min on 2 nodes | `nvidia-smi topo -m` | set `NCCL_P2P_DISABLE=1` |
"""


def test_a_teams_own_wiki_table_is_imported(runner: CliRunner, tmp_path: Path) -> None:
    kb("where")
    table = tmp_path / "team.md"
    table.write_text(HAND_WRITTEN, encoding="utf-8")
    code, out, err = kb("import", str(table), "--json")
    assert code == 0, err
    added = json.loads(out)["added"]
    assert len(added) == 2
    imported = [contents()[key] for key in added]
    assert {c.domain for c in imported} <= {"data", "hardware", "deployment", "training"}  # type: ignore[attr-defined]
    assert any(c.fix == "set `NCCL_P2P_DISABLE=1`" or "NCCL_P2P_DISABLE=1" in c.fix for c in imported)  # type: ignore[attr-defined]


def test_the_committed_export_of_the_seeds_is_current() -> None:
    """exports/kb.md lets anyone browse kb's knowledge on the forge; regenerate it with
    `kb --db /tmp/fresh.db export markdown --out exports/kb.md`."""
    from kb.exchange.markdown_tables import render_markdown
    from kb.store.seeding import read_seed_entries

    expected = render_markdown(sorted(read_seed_entries(), key=lambda c: (c.domain, c.key)))
    assert (ROOT / "exports" / "kb.md").read_text(encoding="utf-8") == expected


HOSTILE = st.sampled_from(
    ["|", "`", "``", "\\", "\n", "漢字", "🔥", "<b>x</b>", "&amp;", "*em*", "[l](x)", ";", " ", "#"]
)
TEXT = st.lists(st.one_of(HOSTILE, st.text(max_size=8)), max_size=6).map("".join)


@given(symptom=TEXT, fix=TEXT, tags=st.lists(TEXT, max_size=3), variants=st.lists(TEXT, max_size=3))
def test_jsonl_lines_round_trip_hostile_text(
    symptom: str, fix: str, tags: list[str], variants: list[str]
) -> None:
    from kb.entry.content import EntryContent, normalized
    from kb.exchange.transfer import _read_jsonl
    from kb.store.record import Entry

    content = normalized(
        EntryContent(
            key="k",
            domain="data",
            symptom=symptom if symptom.strip() else "x",
            fix=fix,
            tags=tuple(tags),
            symptom_variants=tuple(variants),
        )
    )
    entry = Entry(key="k", domain="data", symptom="x", created=START, updated=START, hits=3)
    entry.set_content(content)
    from kb.exchange.transfer import full_record

    (back,) = _read_jsonl(json.dumps(full_record(entry)), Path("x.jsonl"))
    assert back.content == content and back.usage["hits"] == 3 and back.usage["created"] == START


def test_a_progress_bar_only_on_a_terminal_and_never_with_json(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from kb.cli.exchange import progress_bar

    with progress_bar("reading", quiet=False) as progress:
        assert progress is None  # piped (as under pytest)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    with progress_bar("reading", quiet=True) as progress:
        assert progress is None  # --json
    with progress_bar("reading", quiet=False) as progress:
        assert progress is not None
        progress(1, 2)


def test_a_file_with_no_entries_is_refused_not_imported_as_nothing(tmp_path: Path) -> None:
    """`kb import notes.txt` reported "added 0" and exit 0."""
    from kb.errors import KbError
    from kb.exchange.transfer import read_import

    files = {"notes.txt": "just some notes\n", "prose.md": "# Notes\n\nhi\n", "table.md": "| a | b |\n"}
    for name, text in files.items():
        path = tmp_path / name
        path.write_text(text)
        with pytest.raises(KbError, match="holds no entries kb can read"):
            read_import(path)
    (tmp_path / "folder" / "sub").mkdir(parents=True)
    (tmp_path / "folder" / "sub" / "notes.txt").write_text("not an entry\n")
    with pytest.raises(KbError, match=r"holds no \.md or \.jsonl files"):
        read_import(tmp_path / "folder")


@pytest.mark.parametrize(
    ("damaged", "text", "said"),
    [
        ("data/cuda-device-side-assert.md", "", "does not open with +++"),  # emptied
        ("data/cuda-device-side-assert.md", "---\nkey: x\n---\n", "does not open with +++"),
        ("notes.md", "Some notes about our faults.\n", "holds no entry kb can read"),
    ],
)
def test_a_file_of_an_imported_folder_that_yields_nothing_stops_the_import(
    tmp_path: Path, damaged: str, text: str, said: str
) -> None:
    """`added 86, updated 0, skipped 0` for a folder of 88 files: the two kb could not read were
    passed over without a word."""
    assert kb("export", "files", "-o", "files")[0] == 0
    (tmp_path / "files" / damaged).write_text(text, encoding="utf-8")
    (tmp_path / "files" / "README.md").write_text("# Our faults\n\nRead with kb.\n", encoding="utf-8")
    empty = str(tmp_path / "empty.db")
    assert kb("--db", empty, "init", "--empty")[0] == 0
    code, out, err = kb("--db", empty, "import", "files")
    assert code == 1 and out == "" and damaged.split("/")[-1] in err and said in err
    assert len(err.strip().splitlines()) == 1
    assert kb("--db", empty, "list", "--json").stdout.strip() == "[]"


def test_the_export_of_an_empty_knowledge_base_imports_as_nothing(tmp_path: Path) -> None:
    """An empty kb's backup was refused as a file kb cannot read ("it takes … JSONL backups (kb export
    jsonl)"), though kb export jsonl had written it: a backup that cannot be restored."""
    empty = str(tmp_path / "empty.db")
    assert kb("--db", empty, "init", "--empty")[0] == 0
    assert kb("--db", empty, "export", "jsonl", "-o", "backup.jsonl")[0] == 0
    assert kb("--db", empty, "export", "markdown", "-o", "wiki.md")[0] == 0
    assert kb("--db", empty, "export", "files", "-o", "files")[0] == 0
    for exported in ("backup.jsonl", "wiki.md", "files"):
        code, out, err = kb("--db", empty, "import", exported)
        assert (code, out, err) == (0, f"{exported} holds no entries: nothing to import\n", ""), exported
        code, out, _ = kb("--db", empty, "import", exported, "--json")
        assert code == 0 and json.loads(out)["added"] == []
    assert kb("--db", empty, "list", "--json").stdout.strip() == "[]"


def test_hostile_sizes_are_refused_before_they_are_parsed(tmp_path: Path) -> None:
    """/dev/zero as an import, a 50,000-part dotted key, JSON nested 100,000 deep."""
    from kb.entry.file import parse_entry_file
    from kb.errors import KbError
    from kb.exchange.transfer import read_import

    with pytest.raises(KbError, match="is not a regular file"):
        read_import(Path("/dev/zero"))
    dotted = "+++\n" + "x." * 50_000 + "y = 1\n+++\n\n## Symptom\n\nx\n"
    nested = tmp_path / "deep.jsonl"
    nested.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    with pytest.raises(KbError, match="over 20,000 characters"):
        parse_entry_file(dotted, "big.md")
    with pytest.raises(KbError, match="dotted key"):
        parse_entry_file("+++\n" + "x." * 20 + "y = 1\n+++\n\n## Symptom\n\nx\n", "dots.md")
    with pytest.raises(KbError, match=r"deep\.jsonl:1: nested too deeply"):
        read_import(nested)


def test_the_wiki_imported_into_a_fresh_kb_adds_nothing_twice(runner: CliRunner, tmp_path: Path) -> None:
    """`kb export markdown` then `kb import` into a fresh kb said "added 95": every seed twice."""
    wiki = tmp_path / "wiki.md"
    assert kb("export", "markdown", "--out", str(wiki))[0] == 0
    fresh = tmp_path / "fresh.db"
    code, out, err = kb("--db", str(fresh), "import", str(wiki), "--json")
    assert code == 0, err
    assert json.loads(out)["added"] == [] and contents(fresh) == contents()

    typed = re.sub(r'<a id="[^"]*"></a>', "", wiki.read_text())  # rows a teammate typed: no anchors
    (tmp_path / "typed.md").write_text(typed)
    code, out, err = kb("--db", str(fresh), "import", str(tmp_path / "typed.md"), "--json")
    report = json.loads(out)
    assert code == 0 and report["added"] == [] and len(report["recognised"]) == len(contents())
    assert contents(fresh) == contents()


def test_a_wiki_row_changes_only_its_columns(runner: CliRunner, tmp_path: Path) -> None:
    wiki = tmp_path / "wiki.md"
    kb("export", "markdown", "--out", str(wiki), "--domain", "deployment")
    before = contents()["port-already-in-use"]
    edited = wiki.read_text().replace("Otherwise start on another port", "Or start on another port")
    wiki.write_text(edited)
    assert json.loads(kb("import", str(wiki), "--json")[1])["skipped"]  # yours, by default
    report = json.loads(kb("import", str(wiki), "--on-conflict", "overwrite", "--json")[1])
    assert report["updated"] == ["port-already-in-use"]
    after = contents()["port-already-in-use"]
    assert after.fix == before.fix.replace("Otherwise start", "Or start")  # type: ignore[attr-defined]
    assert after.replace(fix=before.fix) == before  # type: ignore[attr-defined]


def test_a_backup_restores_its_history_over_the_seeds(runner: CliRunner, tmp_path: Path) -> None:
    """Restoring into a fresh kb skipped every seeded key, and --on-conflict overwrite said "updated 0"."""
    symptom = json.loads(kb("show", "port-already-in-use", "--json")[1])["symptom"]
    assert kb("search", symptom)[0] == 0
    with open_store() as store:
        store.record_occurrence("port-already-in-use", "after a crash")
    backup = tmp_path / "kb.jsonl"
    kb("export", "jsonl", "--out", str(backup))
    fresh = tmp_path / "fresh.db"
    kb("--db", str(fresh), "where")  # seeded: the same entries without their history
    code, out, _ = kb("--db", str(fresh), "import", str(backup), "--on-conflict", "overwrite", "--json")
    assert code == 0 and "port-already-in-use" in json.loads(out)["updated"]  # every seed: its times
    restored = tmp_path / "restored.jsonl"
    kb("--db", str(fresh), "export", "jsonl", "--out", str(restored))
    assert restored.read_text() == backup.read_text()


def test_a_table_without_domains_is_imported_with_the_guessed_ones_named(
    runner: CliRunner, tmp_path: Path
) -> None:
    """A real TROUBLESHOOTING.md imported only after the user added a `## <domain>` heading."""
    table = tmp_path / "TROUBLESHOOTING.md"
    table.write_text(
        "| Symptom | Validation | Fix |\n|---|---|---|\n"
        "| the training loss becomes nan after 200 steps in fp16 | python -c 'print(1)' | lower lr |\n"
        "| pip install fails: Could not build wheels for flash-attn | nvcc --version | install CUDA |\n"
    )
    code, out, err = kb("import", str(table), "--dry-run", "--json")
    assert code == 0, err
    guessed = json.loads(out)["guessed"]
    assert len(guessed) == 2 and all(item["from"] for item in guessed)
    code, out, _ = kb("import", str(table))
    assert code == 0 and "the domain was guessed for 2 entries" in out
    for item in guessed:
        assert f"    {item['key']}: {item['domain']} (from " in out
        assert json.loads(kb("show", item["key"], "--json")[1])["domain"] == item["domain"]


def test_export_files_into_a_file_or_below_one_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "f.md").write_text("mine\n")
    for out, said in ((tmp_path / "f.md", "is a file"), (tmp_path / "f.md" / "sub", "Not a directory")):
        code, out_text, err = kb("export", "files", "--out", str(out))
        assert code == 1 and said in err and len(err.strip().splitlines()) == 1, err
        assert "Traceback" not in err + out_text
    assert (tmp_path / "f.md").read_text() == "mine\n"


def test_a_row_without_a_validation_is_said_to_have_none(tmp_path: Path) -> None:
    """A one-column row (Symptom only) was said to have "a validation that is not a command"."""
    kb("where")
    table = tmp_path / "t.md"
    table.write_text(
        "## data\n\n| Symptom | Validation |\n| --- | --- |\n"
        "| RuntimeError: the frobnicator stalled at step 3 | |\n"
        "| RuntimeError: the sprocket cache overflowed | frobnicate the sprocket now |\n"
    )
    code, out, err = kb("import", str(table))
    assert code == 0, err
    assert "  1 has no validation: kb list --unvalidated, kb edit KEY adds one" in out
    assert "  1 has a validation that is not a command: kb list --unvalidated" in out
    code, out, _ = kb("import", str(table), "--dry-run", "--json", "--on-conflict", "overwrite")
    report = json.loads(out)
    assert len(report["unvalidated"]) == 2 and len(report["without_validation"]) == 1


def test_a_row_whose_only_clue_is_its_exception_name_is_refused_for_want_of_a_domain(tmp_path: Path) -> None:
    """kb add proposes no domain for `KeyError: foo`, and nothing kb holds is surely about it."""
    table = tmp_path / "t.md"
    table.write_text("| Symptom | Fix |\n|---|---|\n| KeyError: foo | bar |\n")
    code, _, err = kb("import", str(table), "--dry-run")
    assert code == 1 and "cannot tell the fault domain" in err
    shown = kb("search", "KeyError: 0")[1]
    assert "Likely domain" not in shown


def test_an_export_of_files_that_fails_part_way_leaves_the_folder_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A domain folder kb could not write (or a Ctrl-C) left the other domains' files written, and
    the interrupted export said 'nothing was written'."""
    from kb.paths import write_atomically as real

    out = tmp_path / "team-faults"
    out.mkdir()
    (out / "README.md").write_text("ours\n")
    written: list[Path] = []

    def fails_at_the_tenth(path: Path, text: str, shared: bool = False) -> None:
        if len(written) == 9:
            raise PermissionError(13, "Permission denied", str(path))
        real(path, text, shared)
        written.append(path)

    monkeypatch.setattr("kb.exchange.transfer.write_atomically", fails_at_the_tenth)
    code, _, err = kb("export", "files", "--out", str(out))
    assert code == 1 and "Permission denied; nothing was written" in err
    assert sorted(p.name for p in out.rglob("*")) == ["README.md"] and len(written) == 9


def test_files_left_from_an_earlier_export_are_named(tmp_path: Path) -> None:
    """An entry archived since the last export kept its file, and importing the folder made it
    active again; "wrote 86 entry files" said nothing of the 87th."""
    out = tmp_path / "faults"
    assert kb("export", "files", "--out", str(out))[0] == 0
    assert kb("rm", "torch-load-map-location")[0] == 0
    code, said, err = kb("export", "files", "--out", str(out))
    assert code == 0 and "wrote 86 entry files" in said
    assert "1 entry files under" in err and "torch-load-map-location.md" in err and "bring them back" in err


def test_a_key_given_twice_in_one_import_is_refused_naming_both_lines(tmp_path: Path) -> None:
    """The first line won silently, and the report said the second 'differs from kb's entry and kept
    as kb has it' in an empty knowledge base."""
    line = {"key": "dup-1", "domain": "data", "symptom": "OSError: the dup fault", "validation": "true"}
    backup = tmp_path / "dup.jsonl"
    backup.write_text("\n".join(json.dumps({**line, "fix": fix}) for fix in ("first", "second")) + "\n")
    code, _, err = kb("import", str(backup))
    assert code == 1 and "the key 'dup-1' is given twice, at" in err and ":1 and at " in err
    assert "nothing was imported" in err and kb("show", "dup-1")[0] == 1


def test_kb_seed_from_a_path_that_is_no_folder_of_entries_is_an_error(tmp_path: Path) -> None:
    """`kb seed --from /nonexistent` said 'added 0, updated 0, unchanged 0, …' and exited 0."""
    (tmp_path / "a-file").write_text("not a folder\n")
    (tmp_path / "empty").mkdir()
    for where, said in (("nowhere", "does not exist"), ("a-file", "is not a folder"), ("empty", "holds no")):
        code, out, err = kb("seed", "--from", str(tmp_path / where))
        assert code == 1 and said in err and "added" not in out, (where, err)


def test_ctrl_c_during_a_large_import_is_one_line_and_writes_nothing(tmp_path: Path) -> None:
    """A Ctrl-C reaches the whole process group: each indexing worker printed its own
    KeyboardInterrupt traceback ('Process ForkProcess-1: …') before kb's one line."""
    import os
    import signal
    import subprocess
    import sys
    import time

    from kb.store.bulk_write import PARALLEL_INDEX_FROM

    if (os.cpu_count() or 1) < 2:
        pytest.skip("one CPU: kb indexes in its own process")
    backup = tmp_path / "big.jsonl"
    backup.write_text(
        "".join(
            json.dumps(
                {"key": f"fault-{n}", "domain": "data", "symptom": f"OSError: shard {n} refused {n * 7}"}
            )
            + "\n"
            for n in range(PARALLEL_INDEX_FROM * 3)
        )
    )
    kb_db = tmp_path / "big.db"
    assert kb("--db", str(kb_db), "init", "--empty")[0] == 0
    importing = subprocess.Popen(
        [sys.executable, "-m", "kb", "--db", str(kb_db), "import", str(backup)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a group of its own, as a terminal gives a command
        # as from a terminal: a suite started in the background (`.ci/run &`) has SIGINT ignored,
        # and Python leaves an ignored SIGINT ignored
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )

    def forked() -> bool:  # by any of its threads: the pool's manager thread may fork the workers
        tasks = Path(f"/proc/{importing.pid}/task")
        try:
            return any((task / "children").read_text().split() for task in tasks.iterdir())
        except OSError:  # a thread ended while it was read
            return False

    deadline = time.monotonic() + 60
    while importing.poll() is None and not forked():  # the pool is working
        assert time.monotonic() < deadline
        time.sleep(0.01)
    assert importing.poll() is None, "the import ended before its indexing workers were seen"
    os.killpg(importing.pid, signal.SIGINT)  # Ctrl-C, as the terminal sends it
    _, err = importing.communicate(timeout=60)
    assert importing.returncode == 130 and "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1 and err.startswith("kb: interrupted;")
    assert kb("--db", str(kb_db), "list", "--json")[1].strip() in ("[]", "")


def test_an_entry_differing_only_in_its_usage_is_not_said_to_differ_in_content(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A backup of another knowledge base, seeded another day: 86 entries were said to 'differ from
    kb's entry' when 83 differed only in their created and updated dates."""
    import os

    from kb.store.entry_store import open_store

    backup = tmp_path / "backup.jsonl"
    assert kb("export", "jsonl", "--out", str(backup))[0] == 0
    assert kb("search", "IndexError: Target 5 is out of bounds.")[0] == 0  # a hit: usage only
    with open_store(os.environ["KB_DB"]) as store:
        before = store.get("torch-load-map-location").content()
        store.update(before.key, before.replace(fix="Load with map_location='cpu'."), started_from=before)
    code, out, _ = kb("import", str(backup), "--dry-run")
    assert code == 0
    assert "1 differs from kb's entry and kept as kb has it" in out and "torch-load-map-location" in out
    said = next(line for line in out.splitlines() if "with other dates and usage counts" in line)
    assert (
        said.strip().startswith("1 says what kb's entry says") and "cross-entropy-label-out-of-range" in said
    )


def test_an_exported_file_is_as_readable_as_any_new_file_and_a_replaced_one_keeps_its_mode(
    tmp_path: Path,
) -> None:
    """Every export was 0600 (the temporary file's mode): a wiki page or AGENTS.md no one else on a
    shared machine could read, whatever the umask said."""
    import os
    import stat

    mask = os.umask(0o022)
    os.umask(mask)
    wiki, entries = tmp_path / "wiki.md", tmp_path / "faults"
    assert kb("export", "markdown", "--out", str(wiki))[0] == 0
    assert kb("export", "files", "--out", str(entries))[0] == 0
    assert stat.S_IMODE(wiki.stat().st_mode) == 0o666 & ~mask
    assert {stat.S_IMODE(p.stat().st_mode) for p in entries.rglob("*.md")} == {0o666 & ~mask}
    wiki.chmod(0o640)
    assert kb("export", "markdown", "--out", str(wiki))[0] == 0
    assert stat.S_IMODE(wiki.stat().st_mode) == 0o640


def test_an_archived_entry_exported_to_the_wiki_comes_back_archived(tmp_path: Path) -> None:
    """`kb export markdown --status all` wrote archived entries as rows like any other, and an import
    of the page brought them back active (its note of the fields a table lacks left status out)."""
    assert kb("rm", "dataparallel-grads-none")[0] == 0
    assert (
        kb("export", "markdown", "--status", "all", "--columns", "key,symptom,fix", "-o", "wiki.md")[0] == 0
    )
    assert "| Status |" in (tmp_path / "wiki.md").read_text()
    empty = str(tmp_path / "empty.db")
    assert kb("--db", empty, "init", "--empty")[0] == 0
    assert kb("--db", empty, "import", "wiki.md")[0] == 0
    shown = json.loads(kb("--db", empty, "show", "dataparallel-grads-none", "--json")[1])
    assert shown["status"] == "archived"
    assert json.loads(kb("--db", empty, "show", "cuda-device-side-assert", "--json")[1])["status"] == "active"


def test_a_backup_keeps_how_many_runs_of_a_check_broke_in_a_row(tmp_path: Path) -> None:
    """Restored from its JSONL backup, an entry whose check broke twice in a row was no longer
    'broken' for kb stats or kb prune --status broken, though its last outcome said it broke."""
    from kb.store.record import CheckRun

    with open_store() as store:
        for _ in range(2):
            run = CheckRun(
                at=datetime(2026, 12, 1, tzinfo=UTC), verdict="the check broke", reason="NameError",
                command="python -c 'x'", values={}, exit_code=1, machine="box", output="NameError\n",
            )  # fmt: skip
            store.record_check("cuda-device-side-assert", run)
    assert kb("export", "jsonl", "-o", "backup.jsonl")[0] == 0
    empty = str(tmp_path / "empty.db")
    assert kb("--db", empty, "init", "--empty")[0] == 0
    assert kb("--db", empty, "import", "backup.jsonl")[0] == 0
    stats = json.loads(kb("--db", empty, "stats", "--json")[1])
    assert {"key": "cuda-device-side-assert", "broke_in_a_row": 2} in stats["broken_checks"]
