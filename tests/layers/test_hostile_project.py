"""A cloned repository's `.kb/` with every trick at once, through every face: each trick is refused in
one line or shown harmlessly, no secret is shown, and nothing runs without an informed yes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.entry.visible import HIDDEN

#: Escape codes (a clipboard write, a screen clear, cursor moves), a fake result, bidi and invisible
#: characters.
TRICKS = (
    "\x1b]52;c;ZWNobyBwd25lZA==\x07\x1b[2J\x1b[1;1H ALL TESTS PASSED \u202egnp.exe"
    "\u061c\U000e0041\u3164\u00ad"
)
#: Secrets of several kinds, built at run time so no real-looking token sits in git.
SECRETS = {
    "github": "ghp_" + "aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6",
    "hugging face": "hf_" + "Q7wErTy1UiOp2AsDfGh3JkLzXcVbNm4x",
    "stripe": "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc",
    "url password": "https://deploy:" + "s3cr3tTok3n42" + "@git.example.com/x.git",
}
SECRET_PARTS = ["aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6", "Q7wErTy1UiOp2AsDfGh3JkLzXcVbNm4x",
                "4eC39HqLyjWDarjtT1zdp7dc", "s3cr3tTok3n42"]  # fmt: skip
SYMPTOM = "OSError: the cloned frobnicator refused the shard"
PADDED = "touch /tmp/kb-hostile-ran;" + " " * 3000 + "echo harmless"


def toml(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a TOML basic string


@pytest.fixture
def cloned(tmp_path: Path) -> Path:
    """A repository as it arrives with a clone: its .kb/ holds an entry with every trick."""
    project = tmp_path / "cloned"
    (project / ".kb" / "data").mkdir(parents=True)
    front = (
        f'+++\nkey = "hostile"\ndomain = "data"\ntags = [{toml(SECRETS["github"])}, {toml(TRICKS)}]\n'
        f"source = {toml(SECRETS['url password'])}\n"
        f"cause_path = {toml('auth > ' + SECRETS['hugging face'])}\n+++\n"
    )
    body = (
        f"\n## Symptom\n\n{SYMPTOM} {TRICKS}\n\n## Validation\n\n{PADDED}\n\n"
        f"## Fix\n\nRotate {SECRETS['stripe']} then {TRICKS}\n\n"
        f"## Snippet\n\n```python\nprint('hostile')  # {TRICKS}\n```\n"
    )
    (project / ".kb" / "data" / "hostile.md").write_text(front + body, encoding="utf-8")
    return project


def kb(cwd: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kb", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        input=stdin,
        env=os.environ.copy(),
        timeout=120,
    )


def harmless(text: str) -> bool:
    """No character a terminal acts on or that hides text, and no secret."""
    raw_hidden = HIDDEN.search(text.replace("\t", "").replace("\n", ""))
    return raw_hidden is None and not [part for part in SECRET_PARTS if part in text]


def test_every_face_shows_a_hostile_project_entry_harmlessly(cloned: Path, runner: CliRunner) -> None:
    faces = [
        ("search", SYMPTOM),
        ("search", SYMPTOM, "--json"),
        ("--layer", "project", "show", "hostile"),
        ("--layer", "project", "show", "hostile", "--json"),
        ("--layer", "project", "show", "hostile", "--snippet"),  # it printed the snippet raw
        ("--layer", "project", "list"),
        ("--layer", "project", "tree", "--format", "markdown"),
        ("--layer", "project", "tree", "--format", "mermaid"),
        ("--layer", "project", "export", "markdown"),
        ("--layer", "project", "export", "jsonl"),
    ]
    for face in faces:
        done = kb(cloned, *face)
        own = done.stderr if face[0] != "run" else done.stderr.split("OSError: the cloned", 1)[1]
        assert "Traceback" not in own, (face, done.stderr)
        assert harmless(done.stdout) and harmless(done.stderr), face
        assert "hostile" in done.stdout + done.stderr, face
    found = json.loads(kb(cloned, "search", SYMPTOM, "--json").stdout)["results"][0]
    assert (found["key"], found["trusted"]) == ("hostile", False) and "check" not in found
    assert not found["confident"]  # a stranger's entry is no known fault until kb trust
    failing = ("run", "--", sys.executable, "-c", f"raise OSError({SYMPTOM[9:]!r})")
    quiet = kb(cloned, *failing).stderr.split("OSError: the cloned", 1)[1]
    assert "hostile" not in quiet and "No known fault kb is sure of" in quiet and harmless(quiet)
    assert kb(cloned, "trust", "--yes").returncode == 0
    known = kb(cloned, *failing).stderr.split("OSError: the cloned", 1)[1]
    assert "hostile" in known and "Traceback" not in known and harmless(known)
    assert not os.path.exists("/tmp/kb-hostile-ran")


def test_the_padded_check_runs_only_after_trust_and_an_informed_yes(cloned: Path) -> None:
    refused = kb(cloned, "--layer", "project", "check", "hostile", "--yes")
    assert refused.returncode == 1 and "not trusted" in refused.stderr
    assert kb(cloned, "trust", "--yes").returncode == 0
    asked = kb(cloned, "--layer", "project", "check", "hostile", stdin="n\n")
    assert "$ touch /tmp/kb-hostile-ran;⟨3,000 spaces⟩echo harmless" in asked.stdout
    assert harmless(asked.stdout)
    assert not os.path.exists("/tmp/kb-hostile-ran")


def test_inside_pytest_the_hostile_entry_is_shown_harmlessly(cloned: Path, pytester: pytest.Pytester) -> None:
    import shutil

    shutil.copytree(cloned / ".kb", pytester.path / ".kb")
    pytester.makepyfile(test_x=f"def test_x():\n    raise OSError({SYMPTOM[9:]!r})\n")
    result = pytester.runpytest_subprocess("--kb", "-p", "no:cacheprovider")
    out = result.stdout.str()
    assert "known fault (kb)" not in out and harmless(out)  # no known fault until kb trust
    trust = [sys.executable, "-m", "kb", "trust", "--yes", ".kb"]
    subprocess.run(trust, cwd=pytester.path, check=True, capture_output=True)
    out = pytester.runpytest_subprocess("--kb", "-p", "no:cacheprovider").stdout.str()
    assert "known fault (kb)" in out and "hostile" in out and harmless(out)
    assert not os.path.exists("/tmp/kb-hostile-ran")


@pytest.mark.parametrize(
    ("trick", "fragment"),
    [
        ("world-writable", "can be written by other users"),
        ("fifo", "not a regular file"),
        ("2 MB", "larger than kb reads"),
        ("backtracking guard", "can backtrack"),
        ("symlink", "symlink"),
        ("escape codes in a file name", "x\\x1b[2Jy.md"),
    ],
)
def test_a_trick_kb_cannot_show_is_one_line_and_the_others_answer(
    cloned: Path, trick: str, fragment: str
) -> None:
    data = cloned / ".kb" / "data"
    if trick == "world-writable":
        data.chmod(0o777)
    elif trick == "fifo":
        os.mkfifo(data / "x.md")
    elif trick == "2 MB":
        (data / "big.md").write_text(
            '+++\nkey = "big"\ndomain = "data"\n+++\n\n## Symptom\n\n' + "x " * 1_000_000
        )
    elif trick == "symlink":
        (data / "passwd.md").symlink_to("/etc/passwd")
    elif trick == "escape codes in a file name":
        (data / "x\x1b[2Jy.md").write_text('+++\nkey = "x"\n+++\n')
    else:
        (data / "slow.md").write_text(
            '+++\nkey = "slow"\ndomain = "data"\n[[guards]]\nkind = "regex"\npattern = "^(a|aa)+$"\n'
            'bad = "aa"\ngood = "b"\n+++\n\n## Symptom\n\nOSError: slow\n'
        )
    done = kb(cloned, "search", "IndexError: Target 5 is out of bounds.", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["results"][0]["key"] == "cross-entropy-label-out-of-range"
    lines = [line for line in done.stderr.splitlines() if "project" in line]
    assert len(lines) == 1 and fragment in lines[0], done.stderr
    assert harmless(done.stderr)
