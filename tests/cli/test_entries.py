"""The kb command as a newcomer uses it: add → show → edit → rm → restore, and every error in one line."""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.store.entry_store import open_store
from tests.command_line import kb

SYMPTOM = "RuntimeError: the frobnicator kernel rejected its input batch"


def add_basic(runner: CliRunner, key: str = "my-assert") -> None:
    code, out, err = kb(
        "add",
        "--key",
        key,
        "--symptom",
        SYMPTOM,
        "--domain",
        "numerics",
        "--validation",
        "CUDA_LAUNCH_BLOCKING=1 python train.py",
        "--fix",
        "Check label range.",
        "--tag",
        "cuda, assert",
        "--tag",
        "标签越界",
    )
    assert code == 0, err
    assert f"added {key}" in out


def assert_one_line_error(err: str, *fragments: str) -> None:
    assert err.count("\n") == 1 and err.startswith("kb: "), err
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in err


def write_editor(tmp_path: Path, body: str) -> str:
    """An $EDITOR that runs BODY (Python) with `path` bound to the file being edited."""
    script = tmp_path / "editor.py"
    script.write_text("import sys, pathlib\npath = pathlib.Path(sys.argv[1])\n" + body, encoding="utf-8")
    return f"{sys.executable} {script}"


def test_add_then_show(runner: CliRunner) -> None:
    add_basic(runner)
    code, out, _ = kb("show", "my-assert")
    assert code == 0
    assert SYMPTOM in out
    assert "$ CUDA_LAUNCH_BLOCKING=1 python train.py" in out
    assert all(len(line) <= 80 for line in out.splitlines() if not line.startswith("Validation"))


def test_show_json_has_every_field(runner: CliRunner) -> None:
    add_basic(runner)
    code, out, _ = kb("show", "my-assert", "--json")
    record = json.loads(out)
    assert code == 0
    assert record["tags"] == ["cuda", "assert", "标签越界"]
    assert record["domain"] == "numerics"
    assert {"created", "updated", "reviewed", "hits", "last_hit", "status", "source"} <= record.keys()


def test_add_json_says_whether_it_added_an_entry_or_counted_an_occurrence() -> None:
    """A script reading `kb add --json` saw the same entry record for both, and none of the notes."""
    add = ["add", "-s", "OSError: the shard mirror omega dropped volume 7", "-d", "data", "-v", "true"]
    code, out, err = kb(*add, "--json")
    first = json.loads(out)
    assert code == 0 and first["occurrences"] == 1
    assert first["recorded"] == {
        "new_entry": True,
        "occurrence_counted": False,
        "conditions_added": False,
        "variant_added": False,
        "only_a_librarys_message": False,
        "layer": None,
        "notes": [
            "no --confirms, so kb check will read every run of its check as inconclusive;"
            f" `kb edit {first['key']}` says how its result is read"
        ],
    }
    assert err == ""  # --json output is all on stdout
    code, out, err = kb(*add, "--occurrence", "--json")
    again = json.loads(out)
    assert code == 0 and again["key"] == first["key"] and again["occurrences"] == 2, err
    assert again["recorded"]["new_entry"] is False and again["recorded"]["occurrence_counted"] is True


def test_add_makes_a_key_from_the_symptom_when_none_is_given(runner: CliRunner) -> None:
    for _ in range(2):
        code, out, err = kb(
            "add",
            "--new",
            "-s",
            "OSError: [Errno 24] Too many open files",
            "-d",
            "data",
            "-v",
            "ulimit -n",
        )
        assert code == 0, err
    code, out, _ = kb("list", "--domain", "data", "--json")
    keys = {e["key"] for e in json.loads(out)}
    assert {"oserror-errno-too-many-open-files", "oserror-errno-too-many-open-files-2"} <= keys


def test_a_symptom_written_in_chinese_is_keyed_by_its_tags_or_domain(runner: CliRunner) -> None:
    """Each such entry was `entry`, `entry-2`, `entry-3`: a key says nothing of the fault then."""
    symptom = ("训练到第3轮时显存不足", "多卡训练时通信超时")
    code, out, err = kb("add", "-s", symptom[0], "-d", "hardware", "-v", "nvidia-smi", "--tag", "CUDA OOM")
    assert code == 0 and "added cuda-oom " in out, err
    code, out, err = kb("add", "-s", symptom[1], "-d", "hardware", "-v", "nvidia-smi")
    assert code == 0 and "added hardware " in out, err


def test_add_prompts_for_what_is_missing_on_a_terminal(runner: CliRunner, interactive: None) -> None:
    answers = [SYMPTOM, "CUDA_LAUNCH_BLOCKING=1 python train.py", "", "Clamp labels.", "numerics", "", "", ""]
    code, out, err = kb("add", "--key", "prompted", input="\n".join(answers) + "\n")
    assert code == 0, err
    _, out, _ = kb("show", "prompted", "--json")
    record = json.loads(out)
    assert (record["symptom"], record["fix"], record["domain"]) == (
        SYMPTOM,
        "Clamp labels.",
        "numerics",
    )


def test_add_without_a_symptom_off_a_terminal_says_what_is_missing(runner: CliRunner) -> None:
    code, _, err = kb("add", "--domain", "data")
    assert code == 1
    assert_one_line_error(err, "symptom is empty", "--symptom")


def test_prose_validation_is_refused_unless_forced(runner: CliRunner) -> None:
    args = ["add", "-k", "prose", "-s", "loss is nan", "-d", "numerics", "-v", "check the logs"]
    code, _, err = kb(*args)
    assert code == 1
    assert_one_line_error(err, "neither a shell command", "--force")
    code, _, err = kb(*args, "--force")
    assert code == 0
    assert "kept with --force" in err
    _, out, _ = kb("list", "--unvalidated")
    assert "prose" in out.split()


def test_add_from_file(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "entry.md"
    path.write_text(
        '+++\nkey = "from-file"\ndomain = "hardware"\ntags = ["oom"]\n+++\n\n## Symptom\n\n'
        "torch.OutOfMemoryError: CUDA out of memory.\n\n## Validation\n\n```sh\nnvidia-smi\n```\n",
        encoding="utf-8",
    )
    code, _, err = kb("add", "--from-file", str(path))
    assert code == 0, err
    _, out, _ = kb("show", "from-file", "--json")
    assert json.loads(out)["tags"] == ["oom"]


@pytest.mark.parametrize(
    ("content", "fragments"),
    [
        (b'+++\nkey = "k"\ndomain = \n+++\n## Symptom\n\nx\n', ["entry.md:3", "broken TOML"]),
        (b'+++\nkey = "k"\ndomain = "data"\n+++\n## Symptom\n\n\xe9t\xe9\n', ["entry.md:7", "not UTF-8"]),
        (b'+++\nkey = "k"\ndomain = "gpu-stuff"\n+++\n## Symptom\n\nx\n', ["entry.md:3", "unknown domain"]),
    ],
)
def test_add_from_a_broken_file_names_file_and_line(
    runner: CliRunner, tmp_path: Path, content: bytes, fragments: list[str]
) -> None:
    path = tmp_path / "entry.md"
    path.write_bytes(content)
    code, _, err = kb("add", "--from-file", str(path))
    assert code == 1
    assert_one_line_error(err, *fragments)


def test_an_entry_written_in_the_editor_that_kb_knows_already_is_kept_when_not_added(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`kb add --edit` of a known fault, off a terminal, refused it ("looks like …") and the whole
    entry written in the editor was gone, where a text that fails to parse is kept."""
    from kb.paths import drafts_folder

    monkeypatch.setenv(
        "EDITOR",
        write_editor(
            tmp_path,
            (
                "text = path.read_text()\n"
                "text = text.replace('domain = \"\"', 'domain = \"deployment\"')\n"
                "port = 'OSError: [Errno 98] Address already in use'\n"
                "text = text.replace('## Symptom\\n', '## Symptom\\n\\n' + port + '\\n', 1)\n"
                "text = text.replace('## Validation\\n', '## Validation\\n\\n```sh\\nss -ltn\\n```\\n', 1)\n"
                "text = text.replace('## Fix\\n', '## Fix\\n\\nPick a free port: my own words.\\n', 1)\n"
                "path.write_text(text)\n"
            ),
        ),
    )
    code, _, err = kb("add", "--edit", "--key", "my-port")
    assert code == 1 and "this looks like 'port-already-in-use'" in err
    kept = list(drafts_folder().glob("new-entry-*.md"))
    assert len(kept) == 1 and f"the entry you wrote is kept in {kept[0]}" in err
    assert "Pick a free port: my own words." in kept[0].read_text(encoding="utf-8")


def test_with_no_editor_set_and_no_terminal_no_editor_is_started(monkeypatch: pytest.MonkeyPatch) -> None:
    """kb edit in a script with neither $VISUAL nor $EDITOR started vi, which wrote its escape sequences
    into the output and exited 1."""
    monkeypatch.delenv("EDITOR")
    monkeypatch.delenv("VISUAL", raising=False)
    for command in (("edit", "cuda-device-side-assert"), ("add", "--edit")):
        code, out, err = kb(*command)
        assert (code, out) == (1, ""), command
        assert err == "kb: no editor to open here: set $EDITOR (kb opens vi only on a terminal)\n", command


def test_add_with_the_editor(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(
        "EDITOR",
        write_editor(
            tmp_path,
            (
                "text = path.read_text()\n"
                "text = text.replace('domain = \"\"', 'domain = \"hardware\"')\n"
                "text = text.replace('## Symptom\\n', '## Symptom\\n\\nGPU fell off the bus\\n', 1)\n"
                "text = text.replace('## Validation\\n', '## Validation\\n\\n```sh\\ndmesg\\n```\\n', 1)\n"
                "path.write_text(text)\n"
            ),
        ),
    )
    code, out, err = kb("add", "--edit", "--key", "fell-off-bus")
    assert code == 0, err
    _, out, _ = kb("show", "fell-off-bus", "--json")
    assert json.loads(out)["symptom"] == "GPU fell off the bus"


def test_edit_saves_a_valid_change(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    add_basic(runner)
    monkeypatch.setenv(
        "EDITOR",
        write_editor(
            tmp_path, "path.write_text(path.read_text().replace('Check label range.', 'Clamp the labels.'))\n"
        ),
    )
    code, out, err = kb("edit", "my-assert")
    assert code == 0, err
    _, out, _ = kb("show", "my-assert", "--json")
    assert json.loads(out)["fix"] == "Clamp the labels."


def test_ctrl_c_pressed_in_the_editor_is_the_editors_key(runner: CliRunner, tmp_path: Path) -> None:
    """The terminal sends Ctrl-C to its whole foreground group: vim reads it as a key (it leaves
    insert mode); kb took it as its own interrupt, killed the editor and lost the text unsaid."""
    import signal
    import subprocess
    import time

    add_basic(runner)
    ready, go = tmp_path / "ready", tmp_path / "go"
    body = (
        "import signal, time\n"
        "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"  # as vim does
        f"pathlib.Path({str(ready)!r}).touch()\n"
        f"while not pathlib.Path({str(go)!r}).exists(): time.sleep(0.02)\n"
        "path.write_text(path.read_text().replace('Check label range.', 'Clamp the labels.'))\n"
    )
    editing = subprocess.Popen(
        [sys.executable, "-m", "kb", "edit", "my-assert"],
        env={**os.environ, "EDITOR": write_editor(tmp_path, body)},
        start_new_session=True,  # a group of its own, as a terminal's foreground job is
        preexec_fn=ctrl_c_at_its_default,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while not ready.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    os.killpg(editing.pid, signal.SIGINT)
    time.sleep(0.3)
    go.touch()
    _, err = editing.communicate(timeout=60)
    assert editing.returncode == 0, err
    assert json.loads(kb("show", "my-assert", "--json")[1])["fix"] == "Clamp the labels."


def ctrl_c_at_its_default() -> None:
    """SIGINT as a terminal's foreground job has it, whatever this test run inherited (one started
    in a shell's background ignores it, and so would kb and its editor)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_an_invalid_edit_off_a_terminal_keeps_the_entry_and_a_draft(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    add_basic(runner)
    monkeypatch.setenv(
        "EDITOR", write_editor(tmp_path, "path.write_text(path.read_text().replace('+++', '', 1))\n")
    )
    code, _, err = kb("edit", "my-assert")
    assert code == 1
    assert "kept in" in err
    draft = Path(err.rsplit("kept in ", 1)[1].strip())
    assert "Check label range." in draft.read_text()
    _, out, _ = kb("show", "my-assert", "--json")
    assert json.loads(out)["fix"] == "Check label range."


def test_an_edit_of_an_entry_purged_meanwhile_keeps_the_text_as_a_draft(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A teammate's `kb rm --purge` while the editor was open: 'no entry with key', and the edited
    text was gone."""
    add_basic(runner)
    purge = f"{sys.executable} -m kb rm my-assert --purge --yes"
    monkeypatch.setenv(
        "EDITOR",
        write_editor(
            tmp_path,
            f"import subprocess; subprocess.run({purge!r}, shell=True, check=True)\n"
            "path.write_text(path.read_text().replace('Check label range.', 'Clamp the labels first.'))\n",
        ),
    )
    code, _, err = kb("edit", "my-assert")
    assert code == 1 and "was deleted while you edited it" in err
    draft = Path(err.split("kept in ", 1)[1].split(";", 1)[0])
    assert "Clamp the labels first." in draft.read_text()
    assert kb("add", "--from-file", str(draft))[0] == 0  # as the line says: it comes back
    assert json.loads(kb("show", "my-assert", "--json")[1])["fix"] == "Clamp the labels first."


def test_an_edit_of_an_entry_merged_meanwhile_names_the_entry_it_went_into(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A teammate's `kb review KEY --merge-into OTHER` while the editor was open: "'my-assert' was
    deleted while you edited it (kb rm --purge) … kb add --from-file … adds it back", which made the
    merged fault two entries again."""
    add_basic(runner)
    other = ("-k", "label-range", "-s", "IndexError: label 7 is out of range", "-f", "Remap the labels.")
    assert kb("add", *other, "-d", "data", "-v", "true", "--confirms", "nothing", "--new")[0] == 0
    merge = f"{sys.executable} -m kb review my-assert --merge-into label-range"
    monkeypatch.setenv(
        "EDITOR",
        write_editor(
            tmp_path,
            f"import subprocess; subprocess.run({merge!r}, shell=True, check=True)\n"
            "path.write_text(path.read_text().replace('Check label range.', 'Clamp the labels first.'))\n",
        ),
    )
    code, _, err = kb("edit", "my-assert")
    assert_one_line_error(err, "'my-assert' was merged into label-range while you edited it: not saved")
    assert code == 1 and err.endswith("; kb edit label-range to make your change there\n")
    draft = Path(err.split("kept in ", 1)[1].split(";", 1)[0])
    assert "Clamp the labels first." in draft.read_text()


def _the_database_stops_taking_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a server restarted while the editor was open, or a lock another writer held longer than
    kb waits, looks like to the command that saves: the store refuses the write."""
    from kb.errors import StoreUnavailable
    from kb.store.entry_store import EntryStore

    def refused(*args: object, **kwargs: object) -> None:
        raise StoreUnavailable("cannot write kb.db: database is locked")

    monkeypatch.setattr(EntryStore, "update", refused)
    monkeypatch.setattr(EntryStore, "add", refused)


def test_an_edit_the_database_refuses_to_save_is_kept_as_a_draft(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`kb edit` after a server restart, or behind a lock held too long, said "cannot write" and the
    text typed in the editor was gone: no draft anywhere."""
    add_basic(runner)
    monkeypatch.setenv(
        "EDITOR",
        write_editor(
            tmp_path, "path.write_text(path.read_text().replace('Check label range.', 'Clamp first.'))\n"
        ),
    )
    _the_database_stops_taking_writes(monkeypatch)
    code, _, err = kb("edit", "my-assert")
    assert_one_line_error(err, "cannot write kb.db: database is locked; not saved: your text is kept in ")
    assert code == 1
    assert "Clamp first." in Path(err.split("kept in ", 1)[1].strip()).read_text()


def test_an_entry_written_in_the_editor_that_cannot_be_saved_is_kept_as_a_draft(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = "path.write_text(path.read_text().replace('## Fix\\n', '## Fix\\n\\nPin the gizmo.\\n', 1))\n"
    monkeypatch.setenv("EDITOR", write_editor(tmp_path, body))
    _the_database_stops_taking_writes(monkeypatch)
    code, _, err = kb(
        "add", "--edit", "--new", "-k", "gizmo", "-s", "GizmoError: jammed", "-d", "hardware", "-v", "true"
    )
    assert code == 1, err
    assert_one_line_error(err, "database is locked; not saved: your entry is kept in ")
    kept = Path(err.split("kept in ", 1)[1].split(" (kb add --from-file", 1)[0])
    assert "Pin the gizmo." in kept.read_text() and "GizmoError: jammed" in kept.read_text()


def test_an_edit_that_changes_nothing_of_an_entry_kept_with_force_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Closing the editor on an entry saved with --force refused it for the check it already held, left
    a draft and exited 1; an ordinary entry said "no changes"."""
    argv = ("-s", "ZorkError: quux flux capacitor", "-d", "training", "-v", "check the logs", "-f", "fixit")
    assert kb("add", *argv, "--force")[0] == 0
    monkeypatch.setenv("EDITOR", "true")
    code, out, err = kb("edit", "zorkerror-quux-flux-capacitor")
    assert (code, out) == (0, "no changes to zorkerror-quux-flux-capacitor\n"), err
    from kb.paths import drafts_folder

    assert not list(drafts_folder().glob("*.md"))


def test_the_flags_given_with_add_edit_are_in_the_entry_the_editor_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`kb add --edit --confirms output --pattern … --applies-to … --related …` said "added", then that
    no --confirms was given: the editor's file held none of them, and they were lost."""
    assert kb("add", "-s", "PlainError: reference entry", "-d", "data", "-v", "true", "-f", "x")[0] == 0
    monkeypatch.setenv("EDITOR", write_editor(tmp_path, "pass\n"))
    code, _, err = kb(
        "add", "--edit", "-s", "WombatError: from flags in the burrow", "-d", "data",
        "-v", "grep -q fault out.txt", "-f", "the fix", "--confirms", "output", "--pattern", "^fault",
        "--rules-out", "^ok", "--applies-to", "torch<2", "--related", "plainerror-reference-entry",
    )  # fmt: skip
    assert code == 0 and "no --confirms" not in err, err
    shown = json.loads(kb("show", "--json", "wombaterror-from-flags-burrow")[1])
    assert shown["verdict"] == {"confirms": "output", "pattern": "^fault", "rules_out": "^ok"}
    assert (shown["applies_to"], shown["related"]) == (["torch<2"], ["plainerror-reference-entry"])


@pytest.mark.parametrize("symptom", ["Ошибка: память закончилась", "메모리 부족 오류"])
def test_the_same_symptom_in_any_script_is_a_known_fault(symptom: str) -> None:
    """Added twice, it became two entries without a word: search read no word of it."""
    assert kb("add", "-s", symptom, "-d", "hardware", "-v", "true", "-f", "x")[0] == 0
    code, _, err = kb("add", "-s", symptom, "-d", "hardware", "-v", "true", "-f", "x")
    assert code != 0 and "this looks like " in err, err
    assert kb("search", symptom)[1].splitlines()[0].endswith("confident")


def test_two_messages_whose_secrets_were_redacted_are_not_one_known_fault() -> None:
    for symptom in (
        "AuthError: token hf_AbCdEfGhIjKlMnOpQrStUvWxYz123456 rejected by hub",
        "AuthError: api_key=sk-abcdefghijklmnopqrstuvwxyz0123456789ABCDEF for org",
    ):
        code, out, err = kb("add", "-s", symptom, "-d", "deployment", "-v", "true", "-f", "x")
        assert code == 0 and out.startswith("added autherror-"), err


def test_an_edit_saved_into_an_entry_archived_meanwhile_says_it_is_archived(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sync archived the entry while the editor was open (its file was gone from the team folder):
    "saved my-assert (with the change someone made meanwhile)", and the fix was in an archived entry
    no search shows."""
    add_basic(runner)
    archive = f"{sys.executable} -m kb rm my-assert"
    monkeypatch.setenv(
        "EDITOR",
        write_editor(
            tmp_path,
            f"import subprocess; subprocess.run({archive!r}, shell=True, check=True)\n"
            "path.write_text(path.read_text().replace('Check label range.', 'Clamp the labels first.'))\n",
        ),
    )
    code, out, _ = kb("edit", "my-assert")
    assert code == 0
    assert out == (
        "saved my-assert (with the change someone made meanwhile);"
        " it is archived (kb restore my-assert brings it back)\n"
    )
    shown = json.loads(kb("show", "my-assert", "--json")[1])
    assert (shown["status"], shown["fix"]) == ("archived", "Clamp the labels first.")


def test_an_edit_to_a_key_that_is_taken_keeps_the_text(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The editor's text renamed the entry to a key another entry has: "pick another --key" (kb edit
    has none) and the text typed was gone. Now it is refused as an invalid entry is (re-opened on a
    terminal, kept as a draft otherwise), a key taken while the editor was open (a teammate's add)
    too."""
    add_basic(runner)
    rename = (
        "path.write_text(path.read_text().replace('my-assert', 'cuda-device-side-assert')"
        ".replace('Check label range.', 'Clamp the labels first.'))\n"
    )
    monkeypatch.setenv("EDITOR", write_editor(tmp_path, rename))
    code, _, err = kb("edit", "my-assert")
    assert code == 1 and "an entry with key 'cuda-device-side-assert' already exists" in err
    assert "Clamp the labels first." in Path(err.split("kept in ", 1)[1].strip()).read_text()
    assert json.loads(kb("show", "my-assert", "--json")[1])["fix"] != "Clamp the labels first."

    add = f"{sys.executable} -m kb add -k taken-meanwhile -d data -s 'OSError: x y z' -v true -f x"
    monkeypatch.setenv(
        "EDITOR",
        write_editor(
            tmp_path,
            f"import subprocess; subprocess.run({add!r}, shell=True, check=True)\n"
            + rename.replace("cuda-device-side-assert", "taken-meanwhile"),
        ),
    )
    code, _, err = kb("edit", "my-assert")
    assert code == 1 and "an entry with key 'taken-meanwhile' already exists" in err
    assert "Clamp the labels first." in Path(err.split("kept in ", 1)[1].strip()).read_text()


def test_a_purge_agreed_to_deletes_nothing_changed_while_the_question_waited(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, interactive: None
) -> None:
    """A teammate's edit made while `kb rm --purge` waited for its y was deleted without a word."""
    from kb.store.entry_store import open_store

    add_basic(runner)

    def a_teammate_edits_then_yes(*_args: object, **_kwargs: object) -> bool:
        with open_store(os.environ["KB_DB"]) as other:
            before = other.get("my-assert").content()
            other.update("my-assert", before.replace(fix="Clamp the labels first."), started_from=before)
        return True

    monkeypatch.setattr("typer.confirm", a_teammate_edits_then_yes)
    code, _, err = kb("rm", "my-assert", "--purge")
    assert code == 1 and "was changed after you were asked" in err and "not deleted" in err
    assert json.loads(kb("show", "my-assert", "--json")[1])["fix"] == "Clamp the labels first."


def test_an_invalid_edit_can_be_reopened(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, interactive: None
) -> None:
    add_basic(runner)
    counter = tmp_path / "calls"
    monkeypatch.setenv(
        "EDITOR",
        write_editor(
            tmp_path,
            (
                f"counter = pathlib.Path({str(counter)!r})\n"
                "calls = int(counter.read_text()) + 1 if counter.exists() else 1\n"
                "counter.write_text(str(calls))\n"
                "text = path.read_text()\n"
                "if calls == 1:\n    text = text.replace('domain = \"numerics\"', 'domain = \"nonsense\"')\n"
                "else:\n    text = text.replace('domain = \"nonsense\"', 'domain = \"hardware\"')\n"
                "path.write_text(text)\n"
            ),
        ),
    )
    code, _, err = kb("edit", "my-assert", input="y\n")
    assert code == 0, err
    assert "unknown domain 'nonsense'" in err
    _, out, _ = kb("show", "my-assert", "--json")
    assert json.loads(out)["domain"] == "hardware"


def test_rm_archives_and_restore_brings_it_back(runner: CliRunner) -> None:
    add_basic(runner)
    code, out, _ = kb("rm", "my-assert")
    assert code == 0 and "kb restore my-assert" in out
    _, out, _ = kb("list", "--json", "--domain", "numerics")
    assert "my-assert" not in {e["key"] for e in json.loads(out)}
    _, out, _ = kb("list", "--json", "--status", "archived")
    assert [e["key"] for e in json.loads(out)] == ["my-assert"]
    code, out, _ = kb("restore", "my-assert")
    assert code == 0
    _, out, _ = kb("show", "my-assert", "--json")
    assert json.loads(out)["status"] == "active"


def test_purge_asks_first(runner: CliRunner, interactive: None) -> None:
    add_basic(runner)
    code, _, err = kb("rm", "my-assert", "--purge", input="n\n")
    assert code == 1 and "not deleted" in err
    code, out, _ = kb("rm", "my-assert", "--purge", input="y\n")
    # "deleted" alone let a person think what it said was gone: its history keeps every version
    assert (
        code == 0 and "deleted my-assert; its history still holds what it said: kb history my-assert" in out
    )
    code, _, err = kb("show", "my-assert")
    assert code == 1
    code, out, _ = kb("history", "my-assert")
    assert code == 0 and "purged" in out


def test_purge_off_a_terminal_needs_yes(runner: CliRunner) -> None:
    add_basic(runner)
    code, _, err = kb("rm", "my-assert", "--purge")
    assert code == 1
    assert_one_line_error(err, "--yes")
    assert kb("rm", "my-assert", "--purge", "--yes")[0] == 0


def test_an_unknown_key_suggests_the_closest(runner: CliRunner) -> None:
    code, _, err = kb("show", "torch-load-map-locaton")
    assert code == 1
    assert_one_line_error(
        err, "no entry with key 'torch-load-map-locaton'", "did you mean 'torch-load-map-location'"
    )


def test_a_key_like_no_other_suggests_nothing(runner: CliRunner) -> None:
    """`kb show nope` said "did you mean 'snorkel4'?": two letters in common is no typo."""
    added = kb("add", "-k", "snorkel4", "-d", "data", "-s", "KeyError: 'BUCKET'", "-v", "true", "-f", "x")
    assert added.code == 0
    code, _, err = kb("show", "nope")
    assert (code, err) == (1, "kb: no entry with key 'nope'\n")
    assert "did you mean 'snorkel4'" in kb("show", "snorkle4").stderr  # a typo still is one


def test_an_unknown_domain_suggests_the_closest(runner: CliRunner) -> None:
    code, _, err = kb("list", "--domain", "deploymnet")
    assert code == 2
    assert_one_line_error(err, "did you mean 'deployment'")


@pytest.mark.new_database
def test_the_first_command_on_an_empty_database_already_knows_the_seeds(runner: CliRunner) -> None:
    code, out, _ = kb("list", "--json")
    assert code == 0
    entries = json.loads(out)
    assert len(entries) >= 70
    assert len({e["domain"] for e in entries}) >= 7


def test_where_reports_location_version_and_counts(runner: CliRunner, kb_db: str) -> None:
    code, out, _ = kb("where", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["database"] == kb_db
    assert data["schema_version"] >= 1
    assert data["entries"] == sum(data["by_status"].values())


def test_the_counts_by_domain_say_they_are_the_active_entries(runner: CliRunner) -> None:
    """`entries 87 (86 active, 1 archived)` above domain lines summing to 86, without a word."""
    for command in ("where", "stats"):
        assert "by domain" not in kb(command).stdout  # every entry active: the lines add up
    assert kb("rm", "cuda-device-side-assert")[0] == 0
    for command in ("where", "stats"):
        lines = kb(command).stdout.splitlines()
        at = next(n for n, line in enumerate(lines) if line.startswith("entries "))
        assert lines[at].endswith("1 archived); the active ones by domain:"), lines[at]
        domains = [line for line in lines[at + 1 :] if line.startswith("  ")]
        assert sum(int(line.split()[-1]) for line in domains) == int(lines[at].split("(")[1].split()[0])


def test_db_option_overrides_the_environment(runner: CliRunner, tmp_path: Path) -> None:
    other = tmp_path / "elsewhere" / "team.db"
    other.parent.mkdir()
    code, out, _ = kb("--db", str(other), "where")
    assert code == 0 and str(other) in out
    assert other.exists()


def test_a_db_in_a_folder_that_does_not_exist_is_refused_not_created(
    runner: CliRunner, tmp_path: Path
) -> None:
    """`kb --db /nonexistent/dir/kb.db where` created the folder and a seeded database."""
    typo = tmp_path / "nonexistent" / "dir" / "kb.db"
    code, _, err = kb("--db", str(typo), "where")
    assert code != 0
    assert_one_line_error(err, f"the folder {typo.parent} does not exist")
    assert not typo.parent.parent.exists()


def test_seed_refresh_reports_nothing_new(runner: CliRunner) -> None:
    kb("list")
    code, out, _ = kb("seed", "--json")
    report = json.loads(out)
    assert code == 0
    assert report["added"] == report["updated"] == report["kept"] == []


def test_version(runner: CliRunner) -> None:
    code, out, _ = kb("--version")
    assert code == 0 and out.startswith("kb ")


@pytest.mark.parametrize(
    ("setup", "fragment"),
    [
        ("not-sqlite", "not an SQLite database"),
        ("future", "newer than this kb understands"),
        ("unwritable", "is a file, not a folder"),
    ],
)
def test_unusable_databases_are_one_line_errors(
    runner: CliRunner, tmp_path: Path, setup: str, fragment: str
) -> None:
    path = tmp_path / "x.db"
    if setup == "not-sqlite":
        path.write_text("hello")
    elif setup == "future":
        kb("--db", str(path), "where")
        with sqlite3.connect(path) as conn:
            conn.execute("INSERT INTO kb_migration VALUES ('m999_future', '2030-01-01')")
    else:
        (tmp_path / "file").write_text("")
        path = tmp_path / "file" / "x.db"
    code, _, err = kb("--db", str(path), "list")
    assert code == 1
    assert_one_line_error(err, fragment)


def test_archiving_twice_says_it_already_was(runner: CliRunner) -> None:
    add_basic(runner)
    assert "archived my-assert" in kb("rm", "my-assert")[1]
    code, out, _ = kb("rm", "my-assert")
    assert code == 0 and "my-assert is already archived" in out


@pytest.mark.parametrize(
    ("url", "fragment"),
    [
        ("notadb://x", "'notadb://' databases are not ones kb can use"),
        ("postgresql+psycopg2://kb:secret@localhost:1/kb", "needs the Python package psycopg2"),
        ("postgresql+psycopg://kb:secret@127.0.0.1:1/kb", "cannot connect to"),
        ("postgres://kb:secret@127.0.0.1:1/kb", "cannot connect to"),
    ],
)
def test_a_database_url_kb_cannot_use_is_one_line(
    runner: CliRunner, url: str, fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unknown scheme, a driver that is not installed (psycopg2 here), no server: one line each,
    and the password never shown."""
    code, _, err = kb("--db", url, "where")
    assert code == 1
    assert_one_line_error(err, fragment)
    assert "secret" not in err
    from kb.cli.fast_search import main

    assert main(["--db", url, "x"]) == 1
    assert_one_line_error(capsys.readouterr().err, fragment)


def test_list_gives_the_symptom_room_and_keeps_keys_whole(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key column took 50 of 80 columns, leaving the symptom 30."""
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = kb("list", "--domain", "data")
    assert code == 0 and all(len(line) <= 80 for line in out.splitlines())
    keys = {line.split()[0] for line in out.splitlines() if not line.startswith(" ")}
    with open_store() as store:
        assert keys == {e.key for e in store.list(domain="data")}  # every key whole, to copy
    rows = [line for line in out.splitlines() if "  data  " in line]
    assert min(len(line.split("  data  ", 1)[1]) for line in rows if line.endswith("…")) >= 38


def test_show_wraps_wide_text_by_its_columns_and_keeps_environment_lines(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """kb show wrapped CJK as single-width (lines of 120 columns) and joined the Environment lines."""
    from kb.entry.terminal import display_width

    monkeypatch.setenv("COLUMNS", "80")
    fix = "把学习率调小一个数量级\uff0c然后检查梯度范数是否在前一百步内恢复正常\uff1b" * 4
    environment = "Python 3.11.7\nCUDA 12.4\nGPU: NVIDIA A100-SXM4-80GB"
    command = "python -c " + repr("import torch; " * 12)
    flags = ["-s", "训练损失在第三个轮次突然变成 NaN", "-d", "numerics", "-v", command, "-f", fix]
    assert kb("add", "--key", "wide", *flags, "--environment", environment)[0] == 0
    code, out, _ = kb("show", "wide")
    assert code == 0 and all(display_width(line) <= 80 for line in out.splitlines())
    shown = [line.strip() for line in out.splitlines()]
    assert (
        "Python 3.11.7" in " ".join(shown) and "CUDA 12.4" in shown and "GPU: NVIDIA A100-SXM4-80GB" in shown
    )
    assert "(one line, wrapped here: `kb check wide` runs it)" in shown


def test_show_fits_80_columns_whatever_the_length_of_the_key(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The note under a wrapped check names the key (`kb check KEY` runs it) and was never wrapped:
    73 of the seeds' keys pushed it past 80 columns, up to 104."""
    from kb.entry.terminal import display_width
    from kb.store.seeding import read_seed_entries

    monkeypatch.setenv("COLUMNS", "80")
    longest = sorted((content.key for content in read_seed_entries()), key=len)[-3:]
    for key in longest:
        code, out, _ = kb("show", key)
        assert code == 0 and "runs it)" in out
        assert [line for line in out.splitlines() if display_width(line) > 80] == [], key


@pytest.mark.parametrize(
    "argv",
    [
        ["show", "cuda-device-side-assert"],
        ["show", "nan-source-unknown-numerical-probe", "--snippet"],
        ["list"],
        ["list", "--domain", "data", "--tag", "num_workers"],
        ["list", "--status", "all", "-d", "hardware"],
        ["show", "cuda-device-side-asert"],
        ["list", "--domain", "nope"],
    ],
)
def test_the_lean_show_and_list_print_what_typer_prints(runner: CliRunner, argv: list[str]) -> None:
    import os
    import subprocess
    import sys

    typer = kb(*argv)
    lean = subprocess.run(
        [sys.executable, "-m", "kb", *argv], capture_output=True, text=True, env=os.environ.copy()
    )
    assert (lean.returncode, lean.stdout, lean.stderr) == (typer.exit_code, typer.stdout, typer.stderr)


def test_a_listing_of_every_status_says_which_entries_are_put_away(runner: CliRunner) -> None:
    """`kb list --status all` showed an archived entry as it showed an active one."""
    add_basic(runner, "kept-one")
    assert (
        kb("add", "--new", "-k", "put-away", "-s", SYMPTOM, "-d", "data", "-v", "true", "-t", "cuda").code
        == 0
    )
    assert kb("rm", "put-away").code == 0
    listed = kb("list", "--status", "all", "--tag", "cuda").stdout.splitlines()
    assert [line.split()[0] for line in listed if "(archived) RuntimeError" in line] == ["put-away"]
    assert any(line.startswith("kept-one") and "  RuntimeError" in line for line in listed)
    assert "(archived) RuntimeError" in kb("--layer", "personal", "list", "--status", "archived").stdout


def test_list_and_export_go_in_code_point_order_on_every_backend(runner: CliRunner) -> None:
    """Both stream in the order they are shown, so the database sorts: by code point on every
    backend (a server's collation would put `loaderb` before `loader-b`)."""
    for key in ("loaderb", "loader-b", "loader-a", "loader9"):
        assert (
            kb(
                "add",
                "--key",
                key,
                "-d",
                "data",
                "-s",
                f"RuntimeError: {key} stalled",
                "-v",
                "nproc",
                "--new",
            )[0]
            == 0
        )
    code, out, _ = kb("list", "--domain", "data")
    listed = [line.split()[0] for line in out.splitlines() if line.startswith("loader")]
    assert code == 0 and listed == ["loader-a", "loader-b", "loader9", "loaderb"]
    code, out, _ = kb("export", "jsonl", "--domain", "data")
    exported = [json.loads(line)["key"] for line in out.splitlines()]
    assert code == 0 and exported == sorted(exported) and "loader-b" in exported


def test_kb_reindex_says_how_many_entries_it_indexed(runner: CliRunner) -> None:
    with open_store() as store:
        count = len(store.keys())
    assert kb("reindex").stdout == f"reindexed {count} entries\n"
    assert json.loads(kb("reindex", "--json").stdout) == {"reindexed": count}
    first = kb("search", "IndexError: Target 5 is out of bounds.").stdout.splitlines()[0]
    assert first.startswith("1. cross-entropy-label-out-of-range") and first.endswith("confident")


@pytest.mark.parametrize("argv", [["list", "--status", "all"], ["export", "jsonl"]])
def test_a_reader_that_leaves_early_ends_the_listing_quietly(argv: list[str]) -> None:
    """`kb list | head`: the listing stops at the first line nobody reads, with no traceback."""
    import os
    import subprocess

    from kb.entry.content import EntryContent, normalized

    with open_store() as store:  # far more than a pipe holds, so that kb is still writing
        store.apply_import(
            [
                (
                    normalized(
                        EntryContent(
                            f"stall-{n}", "data", f"RuntimeError: loader {n} stalled", validation="nproc"
                        )
                    ),
                    {},
                )
                for n in range(1500)
            ],
            [],
        )
    process = subprocess.Popen(
        [sys.executable, "-m", "kb", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=os.environ.copy(),
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline()
    process.stdout.close()
    assert process.wait(60) == 0
    assert process.stderr.read() == b""


def test_an_entry_written_in_the_editor_and_counted_as_an_occurrence_is_kept_as_a_draft(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A yes to "another occurrence?" threw away the fix and root cause just typed in the editor."""
    monkeypatch.setattr("kb.cli.console.interactive", lambda: True)
    monkeypatch.setenv(
        "EDITOR",
        write_editor(
            tmp_path,
            (
                "text = path.read_text()\n"
                "text = text.replace('domain = \"\"', 'domain = \"data\"')\n"
                "symptom = 'IndexError: Target 12 is out of bounds.'\n"
                "text = text.replace('## Symptom\\n', '## Symptom\\n\\n' + symptom + '\\n', 1)\n"
                "text = text.replace('## Validation\\n', '## Validation\\n\\n```sh\\nls\\n```\\n', 1)\n"
                "text = text.replace('## Fix\\n', '## Fix\\n\\nmy own careful fix\\n', 1)\n"
                "path.write_text(text)\n"
            ),
        ),
    )
    code, out, err = kb("add", "--edit", input="y\n")
    assert code == 0 and "counted another occurrence of cross-entropy-label-out-of-range" in out, err
    kept = Path((out + err).split("the entry you wrote is kept in ", 1)[1].split(" ", 1)[0])
    assert "my own careful fix" in kept.read_text()
    # what it says adds the draft does: plain --from-file was refused as the known fault again
    assert f"(kb add --new --from-file {kept} adds it)" in err
    monkeypatch.setattr("kb.cli.console.interactive", lambda: False)
    code, out, err = kb("add", "--new", "--from-file", str(kept))
    assert code == 0 and out.startswith("added "), err


def test_an_error_quoting_a_line_break_it_was_given_is_still_one_line(runner: CliRunner) -> None:
    """`kb show $'a\\nb'` printed `kb: no entry with key 'a` and `b'` on two lines."""
    for argv in (["show", "a\nb"], ["history", "a\nb"], ["tree", "x\ny"], ["list", "--domain", "x\ny"]):
        result = kb(*argv)
        assert result.code != 0 and result.stderr.count("\n") == 1 and "\\n" in result.stderr, argv


def test_an_empty_domain_is_refused_not_read_as_every_domain(runner: CliRunner) -> None:
    """`kb export markdown -d "$DOMAIN"` with the variable unset exported every domain, exit 0."""
    for argv in (
        ["list", "-d", ""],
        ["export", "markdown", "-d", ""],
        ["prune", "--domain", "", "--unused-for", "1d"],
    ):
        result = kb(*argv)
        assert result.code == 2 and result.stderr.startswith("kb: --domain is empty"), argv
