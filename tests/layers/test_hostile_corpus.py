"""The hostile corpus of project entry files (tests/hostile/project/), each as a cloned repository's
`.kb/` would hold it: refused in one line naming the file, or shown harmlessly on every face, and
nothing run without trust and a yes.

Each file says what it is and what kb must do with it in its front matter's comments:
`# hostile: …` and `# expect: shown`, `# expect: ignored` or `# expect: refused: <what the line says>`.
Secrets are written as `{{secret:KIND}}` and filled in here at run time, so that nothing shaped like
a live credential sits in git.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.entry.visible import HIDDEN, consent_text
from tests.command_line import kb
from tests.layers.test_hostile_project import kb as kb_process

CORPUS = Path(__file__).resolve().parents[1] / "hostile" / "project"
#: What the files that cannot carry a comment expect.
UNSAID = {"empty.md": "refused: does not open with +++ front matter", "utf-16.md": "refused: not UTF-8"}
#: One value of each kind a maintained scanner's rules know, built here.
SECRETS = {
    "github-pat": "ghp_" + "aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6",
    "github-fine-grained": "github_pat_" + "11ABCDEFG0aBcDeFgHiJkL_" + "mNoPqRsTuVwXyZ0123456789",
    "gitlab": "glpat-" + "xY9wV8uT7sR6qP5oN4mL",
    "slack-bot": "xoxb-" + "2418376519-9812398123-Ab3dEf6hIj9kLm2nOp5q",
    "slack-webhook": "https://hooks.slack.com/services/" + "T0123ABCD/B0456EFGH/aBcDeFgHiJkLmNoPqRsTuVwX",
    "aws-access-key": "AKIA" + "Q3EGRTYUIOPASDFG",
    "google-api-key": "AIza" + "SyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY",
    "openai": "sk-proj-" + "Ab3De6Gh9Jk2Mn5Pq8St1Vw4Yz7",
    "anthropic": "sk-ant-api03-" + "Xy7Wv4Ut1Sr8Qp5On2Ml9Kj6Ih3",
    "hugging-face": "hf_" + "Q7wErTy1UiOp2AsDfGh3JkLzXcVbNm4x",
    "stripe": "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc",
    "npm": "npm_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
    "pypi": "pypi-" + "AgEIcHlwaS5vcmcCJDk3ZTRhNjg5LWNhMzktNDBiYi1hNWE3LTk1NzE2ZGQ1",
    "sendgrid": "SG." + "aB3dE6gH9jK2mN5pQ8sT1v" + "." + "W4yZ7bC0eF3hJ6kL9nP2rS5uX8",
    "databricks": "dapi" + "0123456789abcdef0123456789abcdef",
    "jwt": "eyJ" + "hbGciOiJIUzI1NiJ9" + ".eyJ" + "zdWIiOiIxMjM0NTY3ODkwIn0"
           + ".dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    "private-key": "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA" + "7bq98Hk3\n"
                   + "-----END RSA PRIVATE KEY-----",
    "url-password": "https://deploy:" + "s3cr3tTok3n42" + "@git.example.com/x.git",
    "password-sentence": "the password is " + "'hunter2-Zebra!'",
    "bearer-header": "Authorization: Bearer " + "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5",
}  # fmt: skip
#: What must never be shown of each secret.
SECRET_PARTS = (
    "aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6", "mNoPqRsTuVwXyZ0123456789", "xY9wV8uT7sR6qP5oN4mL",
    "9812398123-Ab3dEf6hIj9kLm2nOp5q", "aBcDeFgHiJkLmNoPqRsTuVwX", "Q3EGRTYUIOPASDFG",
    "SyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY", "Ab3De6Gh9Jk2Mn5Pq8St1Vw4Yz7", "Xy7Wv4Ut1Sr8Qp5On2Ml9Kj6Ih3",
    "Q7wErTy1UiOp2AsDfGh3JkLzXcVbNm4x", "4eC39HqLyjWDarjtT1zdp7dc", "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
    "AgEIcHlwaS5vcmcCJDk3ZTRhNjg5", "W4yZ7bC0eF3hJ6kL9nP2rS5uX8", "0123456789abcdef0123456789abcdef",
    "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "7bq98Hk3", "s3cr3tTok3n42", "hunter2-Zebra!",
    "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5",
)  # fmt: skip
RAN = Path("/tmp/kb-hostile-ran")


def expectation(path: Path) -> str:
    if path.name in UNSAID:
        return UNSAID[path.name]
    found = re.search(r"^# expect: (.+?)\r?$", path.read_bytes().decode("utf-8", "replace"), re.M)
    assert found, f"{path.name} does not say what kb must do with it"
    return found.group(1)


FILES = sorted(CORPUS.iterdir())
SHOWN = [path for path in FILES if expectation(path) == "shown"]
REFUSED = [path for path in FILES if expectation(path).startswith("refused: ")]


def filled(path: Path) -> bytes:
    """PATH's bytes with each `{{secret:KIND}}` replaced by a value of that kind."""
    return re.sub(
        rb"\{\{secret:([a-z0-9-]+)\}\}",
        lambda match: json.dumps(SECRETS[match.group(1).decode()])[1:-1].encode(),
        path.read_bytes(),
    )


def clone(tmp_path: Path, files: list[Path]) -> Path:
    """A cloned repository whose .kb/ holds FILES."""
    project = tmp_path / "cloned"
    (project / ".kb" / "data").mkdir(parents=True)
    for path in files:
        (project / ".kb" / "data" / path.name).write_bytes(filled(path))
    return project


def harmless(text: str) -> bool:
    """Nothing a terminal acts on or that hides text, and no secret."""
    return HIDDEN.search(text.replace("\t", "").replace("\n", "")) is None and not [
        part for part in SECRET_PARTS if part in text
    ]


def keys_of(paths: list[Path]) -> list[str]:
    keys = []
    for path in paths:
        found = re.search(r'^key = "([a-z0-9-]+)"\r?$', path.read_bytes().decode("utf-8", "replace"), re.M)
        assert found, path.name
        keys.append(found.group(1))
    return keys


def test_the_corpus_holds_hundreds_of_tricks_each_saying_what_kb_must_do() -> None:
    assert len(FILES) >= 300
    for path in FILES:
        said = expectation(path)
        assert said in ("shown", "ignored") or said.startswith("refused: "), path.name
    placeholders = set(
        re.findall(r"\{\{secret:([a-z0-9-]+)\}\}", "".join(p.read_text("utf-8", "replace") for p in FILES))
    )
    assert placeholders == set(SECRETS)


@pytest.mark.parametrize("path", REFUSED, ids=[path.name for path in REFUSED])
def test_a_file_kb_cannot_take_is_refused_in_one_line_naming_it(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch, path: Path
) -> None:
    monkeypatch.chdir(clone(tmp_path, [path]))
    listed = kb("--layer", "project", "list")
    assert listed.exit_code == 1, listed.output
    assert listed.stderr.count("\n") == 1 and "Traceback" not in listed.stderr
    assert path.name in listed.stderr and expectation(path).removeprefix("refused: ") in listed.stderr
    assert harmless(listed.stderr)
    layers = kb("layers")  # which says why the folder does not answer
    assert layers.exit_code == 0 and path.name in layers.stdout and harmless(layers.stdout)


def test_the_whole_corpus_is_shown_harmlessly_on_every_face(tmp_path: Path) -> None:
    project = clone(tmp_path, SHOWN)
    keys = keys_of(SHOWN)
    faces = {
        "list": ("--layer", "project", "list"),
        "list --json": ("--layer", "project", "list", "--json"),
        "tree markdown": ("--layer", "project", "tree", "--format", "markdown"),
        "tree mermaid": ("--layer", "project", "tree", "--format", "mermaid"),
        "export markdown": ("--layer", "project", "export", "markdown"),
        "export jsonl": ("--layer", "project", "export", "jsonl"),
        "search": ("search", "OSError: the cloned frobnicator refused shard", "--limit", "50"),
        "search --json": (
            "search",
            "OSError: the cloned frobnicator refused shard",
            "--limit",
            "50",
            "--json",
        ),
    }
    shown = {}
    for name, args in faces.items():
        done = kb_process(project, *args)
        answered = (0, 1) if name.startswith("search") else (0,)  # 1: nothing sure
        assert done.returncode in answered and "Traceback" not in done.stderr, (name, done.stderr[-2000:])
        assert harmless(done.stdout) and harmless(done.stderr), name
        shown[name] = done.stdout
    listed = {entry["key"] for entry in json.loads(shown["list --json"])}
    assert listed >= set(keys)  # every file is there, the ignored one is not an entry
    assert len(listed) == len(keys)
    assert not RAN.exists()


def test_the_wiki_page_keeps_its_tables_and_holds_no_markup_from_an_entry(tmp_path: Path) -> None:
    page = kb_process(clone(tmp_path, SHOWN), "--layer", "project", "export", "markdown").stdout
    for table in re.split(r"\n\s*\n", page):
        rows = [line for line in table.splitlines() if line.startswith("|")]
        if rows:  # a pipe in an entry never splits its cell
            assert len({len(re.findall(r"(?<!\\)\|", row)) for row in rows}) == 1, rows[0]
    prose = re.sub(r"`[^`\n]*`", "", page)  # a code span shows markup as text
    assert "<script" not in prose and "<img" not in prose
    assert not re.search(r"(?<!\\)\]\(javascript:", prose)  # `\[x\](javascript:…)` is text, not a link


def test_the_mermaid_chart_holds_no_directive_from_an_entry(tmp_path: Path) -> None:
    chart = kb_process(clone(tmp_path, SHOWN), "--layer", "project", "tree", "--format", "mermaid").stdout
    for line in chart.splitlines():
        assert not re.match(r"\s*(click|%%\{|style|classDef|linkStyle)\b", line), line


def test_each_entry_is_shown_and_found_harmlessly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every entry through `kb show`'s renderer and a notebook's answer (text and HTML)."""
    from kb.entry.folder import read_folder
    from kb.entry.terminal import format_entry
    from kb.integrations.ipython import look_up

    project = clone(tmp_path, SHOWN)
    monkeypatch.chdir(project)
    contents = read_folder(project / ".kb").contents
    assert sorted(contents) == sorted(keys_of(SHOWN))
    for key, content in contents.items():
        assert harmless(format_entry(content, width=80)), key
        answer = look_up(f"OSError: the cloned frobnicator refused shard {key}")
        assert key in [record["key"] for record in answer.results], key
        assert harmless(repr(answer)) and harmless(answer._repr_html_()), key
        assert "<script" not in answer._repr_html_(), key
    assert not RAN.exists()


def one_of_each_kind(text_only: bool = False) -> list[Path]:
    """A file of each trick (of text only: no secret, no structure), its field taken in turn."""
    kinds: dict[str, list[Path]] = {}
    for path in SHOWN:
        if text_only and ("-in-" not in path.name or path.name.startswith("secret-")):
            continue
        kinds.setdefault(path.name.split("-in-")[0], []).append(path)
    return [paths[number % len(paths)] for number, paths in enumerate(kinds.values())]


def test_kb_show_shows_one_entry_of_each_trick_harmlessly(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One file of each trick of text through the command itself (each command reads the whole
    folder, so not all of them: the renderer sees them all above)."""
    chosen = one_of_each_kind(text_only=True)
    monkeypatch.chdir(clone(tmp_path, chosen))
    for key in keys_of(chosen):
        shown = kb("--layer", "project", "show", key)
        assert shown.exit_code == 0 and harmless(shown.stdout), (key, shown.stderr)


def test_inside_pytest_each_kind_of_trick_is_shown_harmlessly(
    tmp_path: Path, pytester: pytest.Pytester
) -> None:
    shutil.copytree(clone(tmp_path, SHOWN) / ".kb", pytester.path / ".kb")
    # trusted, so that its entries are known faults (an untrusted folder's never are) and their
    # checks are shown in the report: harmlessly, and never run
    subprocess.run(
        [sys.executable, "-m", "kb", "trust", "--yes", ".kb"],
        cwd=pytester.path,
        check=True,
        capture_output=True,
    )
    tests = "".join(
        f"def test_{number}():\n    raise OSError({f'the cloned frobnicator refused shard {key}'!r})\n\n"
        for number, key in enumerate(keys_of(one_of_each_kind()))
    )
    pytester.makepyfile(test_corpus=tests)
    result = pytester.runpytest_subprocess("--kb", "-p", "no:cacheprovider")
    out = result.stdout.str()
    assert "known fault (kb)" in out and "could not look this failure up" not in out
    assert harmless(out)
    assert not RAN.exists()


PADDED = [path for path in SHOWN if path.name.startswith(("padded-check-", "long-check"))]


@pytest.mark.parametrize("path", PADDED, ids=[path.name for path in PADDED])
def test_a_padded_check_is_shown_whole_right_above_its_question(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch, interactive: None, path: Path
) -> None:
    monkeypatch.chdir(clone(tmp_path, [path]))
    (key,) = keys_of([path])
    refused = kb("--layer", "project", "check", key, "--yes")
    assert refused.exit_code == 1 and "not trusted" in refused.stderr
    assert kb("trust", "--yes").exit_code == 0
    asked = kb("--layer", "project", "check", key, input="n\n")
    assert harmless(asked.stdout) and not RAN.exists()
    lines = asked.stdout.splitlines()
    question = next(n for n, line in enumerate(lines) if "Run it?" in line)
    command = lines[question - 2].strip()  # the command, then its length, then the question
    assert command.startswith("$ touch /tmp/kb-hostile-ran;"), command
    assert lines[question - 1].strip().endswith("characters; all of it runs)")
    if path.name != "long-check.md":  # what the padding hid is on the same line, and short
        assert command.endswith("echo harmless") and len(command) < 120, command


def test_every_check_in_the_corpus_is_shown_whole_to_the_person_asked() -> None:
    """consent_text(), the prompt's text, for every validation in the corpus: one line of exactly
    what runs, nothing hidden, no padding left to push the start off the screen."""
    from kb.entry.file import parse_entry_file

    for path in SHOWN:
        validation = parse_entry_file(filled(path).decode("utf-8-sig"), path).validation
        if not validation:
            continue
        text = consent_text(validation)
        command, length = text.split("\n")
        assert harmless(text), path.name
        assert not re.search(r"\s{3,}", command), path.name
        assert length == f"({len(validation):,} characters; all of it runs)"
