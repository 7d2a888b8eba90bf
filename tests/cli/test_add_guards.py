"""Guards on a person's own entries: `kb add --guards FILE` on both faces, and `kb edit --guards`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.store.entry_store import open_store
from tests.command_line import kb

SYMPTOM = "RuntimeError: the frobnicator kernel rejected its input batch"
FLAGS = ["-k", "frob", "-s", SYMPTOM, "-d", "numerics", "-v", "nvidia-smi", "-f", "pin the driver"]

GUARDS = """\
[[guards]]
kind = "banned-call"
call = ["frobnicate"]
bad = "frobnicate(batch)"
good = "defrobnicate(batch)"

[[guards]]
kind = "environment"
check = "env-var"
variable = "FROB_MODE"
pattern = "safe|fast"
bad = "FROB_MODE=wild"
good = "FROB_MODE=safe"
"""


def write(tmp_path: Path, text: str, name: str = "guards.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def guards_of(key: str) -> list[dict[str, object]]:
    with open_store() as store:
        entry = store.find(key)
        return [] if entry is None else list(entry.content().guards)


def assert_one_line_error(err: str, *fragments: str) -> None:
    assert err.count("\n") == 1 and err.startswith("kb: ") and "Traceback" not in err, err
    for fragment in fragments:
        assert fragment in err, err


def test_add_attaches_the_guards_of_a_file(runner: CliRunner, tmp_path: Path) -> None:
    code, _, err = kb("add", *FLAGS, "--guards", write(tmp_path, GUARDS))
    assert code == 0, err
    guards = guards_of("frob")
    assert [guard["kind"] for guard in guards] == ["banned-call", "environment"]
    assert guards[1]["variable"] == "FROB_MODE" and guards[1]["good"] == "FROB_MODE=safe"


def test_the_attached_guards_reach_the_exported_rule_table(runner: CliRunner, tmp_path: Path) -> None:
    assert kb("add", *FLAGS, "--guards", write(tmp_path, GUARDS))[0] == 0
    code, _, err = kb("export", "pre-commit", "--out", str(tmp_path / "out"))
    assert code == 0, err
    rules = json.loads((tmp_path / "out" / "kb_guards.json").read_text(encoding="utf-8"))["rules"]
    mine = [rule for rule in rules if rule["key"] == "frob"]
    assert [rule["kind"] for rule in mine] == ["banned-call", "environment"]
    assert mine[0]["symptom"] == SYMPTOM and mine[0]["fix"] == "pin the driver" and "bad" not in mine[0]


BAD_FILES = [
    ("[[guards]]\nkind = \n", ["not valid TOML"]),
    ('[[guards]]\nkind = "telepathy"\nbad = "x"\ngood = "y"\n', ["guard 1 has kind 'telepathy'"]),
    ('[[guards]]\nkind = "regex"\npattern = "("\nbad = "x"\ngood = "y"\n', ["guard 1 (regex): bad pattern"]),
    ('[[guards]]\nkind = "regex"\npattern = "x"\nbad = "x"\n', ["guard 1 needs a 'good' example"]),
    (
        '[[guards]]\nkind = "environment"\ncheck = "gpu-count"\nbad = "no GPU"\ngood = "torch-gpus=1"\n',
        ["the bad example must be facts"],
    ),
    ('key = "x"\n[[guards]]\nkind = "regex"\npattern = "x"\nbad = "x"\ngood = "y"\n', ["not key"]),
    ("# nothing here\n", ["no [[guards]] tables"]),
    ("x = " + "[" * 50_000 + "]" * 50_000 + "\n", ["nested too deeply"]),
    ('[[guards]]\nkind = "regex"\npattern = "^(a|aa)+$"\nbad = "aa"\ngood = "b"\n', ["can backtrack"]),
]


@pytest.mark.parametrize(("text", "fragments"), BAD_FILES)
def test_a_bad_guards_file_is_one_line_and_writes_nothing(
    runner: CliRunner, tmp_path: Path, text: str, fragments: list[str]
) -> None:
    path = write(tmp_path, text)
    code, _, err = kb("add", *FLAGS, "--guards", path)
    assert code == 1
    assert_one_line_error(err, path, *fragments)
    assert guards_of("frob") == [] and not _exists("frob")


def _exists(key: str) -> bool:
    with open_store() as store:
        return store.find(key) is not None


def test_a_missing_guards_file_is_one_line(runner: CliRunner, tmp_path: Path) -> None:
    code, _, err = kb("add", *FLAGS, "--guards", str(tmp_path / "gone.toml"))
    assert code == 1
    assert_one_line_error(err, "cannot read", "gone.toml")


@pytest.mark.parametrize("device", ["/dev/zero", "fifo"])
def test_a_guards_file_that_never_ends_is_refused_in_one_line(
    runner: CliRunner, tmp_path: Path, device: str
) -> None:
    """`--guards /dev/zero` read until the box ran out of memory, and a FIFO waited forever."""
    import os

    if device == "fifo":
        os.mkfifo(tmp_path / "guards.toml")
        device = str(tmp_path / "guards.toml")
    for argv in (["add", *FLAGS], ["edit", "torch-cat-mixed-devices"]):
        code, _, err = kb(*argv, "--guards", device)
        assert code == 1, argv
        assert_one_line_error(err, "is not a regular file", device)


def test_the_lean_route_attaches_guards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from kb.cli.fast_add import main

    assert main([*FLAGS, "--guards", write(tmp_path, GUARDS)]) == 0, capsys.readouterr().err
    assert [guard["kind"] for guard in guards_of("frob")] == ["banned-call", "environment"]


@pytest.mark.parametrize(("text", "fragments"), BAD_FILES[:3])
def test_the_lean_route_refuses_a_bad_guards_file_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, fragments: list[str]
) -> None:
    from kb.cli.fast_add import main

    assert main([*FLAGS, "--guards", write(tmp_path, text)]) == 1
    assert_one_line_error(capsys.readouterr().err, *fragments)
    assert not _exists("frob")


def test_the_lean_route_as_a_process_refuses_a_bad_file_before_any_question(tmp_path: Path) -> None:
    path = write(tmp_path, BAD_FILES[1][0])
    code = (
        "import sys\nfrom kb.__main__ import main\n"
        f"sys.argv = ['kb', 'add', '--db', {str(tmp_path / 'lean.db')!r}, '--guards', {path!r}]\n"
        "main()\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, input="")
    assert result.returncode == 1
    assert_one_line_error(result.stderr, "has kind 'telepathy'")


def test_guards_given_with_an_entry_file_are_added_to_its_own(runner: CliRunner, tmp_path: Path) -> None:
    entry = tmp_path / "entry.md"
    entry.write_text(
        '+++\nkey = "from-file"\ndomain = "numerics"\n\n[[guards]]\nkind = "regex"\npattern = "x"\n'
        f'bad = "x"\ngood = "y"\n+++\n\n## Symptom\n\n{SYMPTOM}\n\n## Validation\n\n```sh\nnvidia-smi\n```\n',
        encoding="utf-8",
    )
    code, _, err = kb("add", "--from-file", str(entry), "--guards", write(tmp_path, GUARDS))
    assert code == 0, err
    assert [guard["kind"] for guard in guards_of("from-file")] == ["regex", "banned-call", "environment"]


def test_the_editor_template_holds_the_given_guards(tmp_path: Path) -> None:
    from kb.capture.adding import EntryFlags, content_from_text, read_guards_file, template_for

    guards = read_guards_file(Path(write(tmp_path, GUARDS)))
    flags = EntryFlags(key="frob", domain="numerics", symptom=SYMPTOM, validation="nvidia-smi")
    assert "\n[[guards]]\n" not in template_for(flags)
    text = template_for(flags._replace(guards=guards))
    assert content_from_text(text).guards == guards


def test_edit_attaches_guards_without_the_editor_and_only_once(runner: CliRunner, tmp_path: Path) -> None:
    assert kb("add", *FLAGS)[0] == 0
    path = write(tmp_path, GUARDS)
    code, out, err = kb("edit", "frob", "--guards", path)
    assert code == 0 and "saved frob" in out, err
    assert len(guards_of("frob")) == 2
    code, out, _ = kb("edit", "frob", "--guards", path)
    assert code == 0 and "no changes to frob" in out
    code, _, err = kb("edit", "frob", "--guards", write(tmp_path, BAD_FILES[1][0], "bad.toml"))
    assert code == 1
    assert_one_line_error(err, "bad.toml", "telepathy")
    assert len(guards_of("frob")) == 2


def test_a_known_fault_counted_again_says_its_guards_were_not_attached(
    runner: CliRunner, tmp_path: Path
) -> None:
    assert kb("add", *FLAGS)[0] == 0
    again = ["-s", SYMPTOM, "-d", "numerics", "-v", "nvidia-smi", "--occurrence"]
    code, _, err = kb("add", *again, "--guards", write(tmp_path, GUARDS))
    assert code == 0, err
    assert "guards were not attached" in err and "kb edit frob --guards" in err
    assert guards_of("frob") == []


@pytest.mark.parametrize(
    ("guard", "reason"),
    [
        (
            'kind = "banned-call"\ncall = ["frobnicate"]\nbad = "defrobnicate(x)"\ngood = "x"',
            "does not catch its bad",
        ),
        (
            'kind = "banned-call"\ncall = ["frobnicate"]\nbad = "frobnicate(x)"\ngood = "frobnicate(x, 1)"',
            "flags its good",
        ),
        (
            'kind = "environment"\ncheck = "env-var"\nvariable = "FROB"\npattern = "safe"\n'
            'bad = "FROB=safe"\ngood = "FROB=safe"',
            "does not catch its bad",
        ),
    ],
)
def test_a_guard_whose_examples_do_not_hold_is_refused(
    runner: CliRunner, tmp_path: Path, guard: str, reason: str
) -> None:
    """`kb edit KEY --guards` accepted guards that miss their bad example or flag their good one."""
    assert kb("add", *FLAGS)[0] == 0
    code, _, err = kb("edit", "frob", "--guards", write(tmp_path, f"[[guards]]\n{guard}\n"))
    assert code == 1
    assert_one_line_error(err, "guard 1", reason)
    assert guards_of("frob") == []


def test_a_guard_attached_again_with_other_examples_replaces_the_first(
    runner: CliRunner, tmp_path: Path
) -> None:
    assert kb("add", *FLAGS)[0] == 0
    assert kb("edit", "frob", "--guards", write(tmp_path, GUARDS))[0] == 0
    again = GUARDS.replace('bad = "frobnicate(batch)"', 'bad = "x = frobnicate(batch, 2)"')
    assert kb("edit", "frob", "--guards", write(tmp_path, again, "again.toml"))[0] == 0
    guards = guards_of("frob")
    assert len(guards) == 2 and guards[0]["bad"] == "x = frobnicate(batch, 2)"


CPU_GUARD = """\
[[guards]]
kind = "literal-limit"
call = ["DataLoader"]
keyword = "num_workers"
max = "usable_cpus"
bad = "DataLoader(ds, num_workers=2)"
good = "DataLoader(ds, num_workers=1)"
"""


def test_a_guard_limited_by_the_cpus_is_judged_alike_on_every_machine(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Added under `taskset -c 0` (1 CPU), it was refused by `kb edit` on the 2-CPU box ("does not
    catch its bad example"), and one such entry made a whole `kb import` fail on another machine."""
    monkeypatch.setattr("kb.guards.checker.usable_cpus", lambda: 1)
    code, _, err = kb("add", *FLAGS, "--guards", write(tmp_path, CPU_GUARD))
    assert code == 0, err
    monkeypatch.setattr("kb.guards.checker.usable_cpus", lambda: 64)
    code, _, err = kb("edit", "frob", "--applies-to", "torch>=2.0")
    assert code == 0, err
    never = CPU_GUARD.replace("num_workers=2)", "num_workers=0)")  # its bad example exceeds no count
    code, _, err = kb("add", *FLAGS[:1], "frob-two", *FLAGS[2:], "--new", "--guards", write(tmp_path, never))
    assert code != 0 and "does not catch its bad example" in err
