"""Every kb command the README shows works on a fresh install, in the README's order.

A newcomer types them as they read: the first one creates and seeds the knowledge base, and each
later one must do what its comment says, with no error. Lines that ask questions get the answers a
person would type; `$EDITOR` is an editor that fills in or changes the entry; the files the lines
name (train.log, crash.log, my-fault.md, guards.toml, the team-kb checkout, the config file naming
it) exist, as they would on the reader's machine.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.__main__ import fill_optional_values
from kb.cli.app import app

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")

TRACEBACK = """Traceback (most recent call last):
  File "train.py", line 41, in <module>
    loss = criterion(logits, labels)
RuntimeError: CUDA error: device-side assert triggered
"""
CRASH = """epoch 3 step 1200
Traceback (most recent call last):
  File "loader.py", line 9, in <module>
    batch = next(it)
RuntimeError: the frobnicator shard reader returned a truncated record
"""
#: The reader's training script, failing on a fault kb does not know yet (for `kb run`).
TRAIN = """import sys
print("epoch 1", flush=True)
raise OSError("the frobnicator checkpoint shard is missing its index")
"""
MY_FAULT = """+++
key = "my-fault"
domain = "data"
+++

## Symptom

ValueError: the frobnicator tokenizer emitted an empty sequence

## Validation

python3 -c "print('ok')"

## Fix

Drop empty lines before tokenizing.
"""
GUARDS = """[[guards]]
kind = "banned-call"
call = ["frobnicate_unsafely"]
bad = "frobnicate_unsafely(batch)"
good = "frobnicate(batch)"
"""
#: An $EDITOR: a template is filled in as a new fault, an existing entry gets a clearer fix.
EDITOR = """import pathlib, sys
path = pathlib.Path(sys.argv[1])
text = path.read_text()
if 'key = "new-entry"' in text:
    text = text.replace('key = "new-entry"', 'key = "edited-fault"').replace('domain = ""', 'domain = "data"')
    text = text.replace("## Symptom\\n", "## Symptom\\n\\nOSError: the frobnicator cache is locked\\n", 1)
    text = text.replace("## Validation\\n", "## Validation\\n\\nls /tmp\\n", 1)
    text = text.replace("## Fix\\n", "## Fix\\n\\nRemove the stale lock.\\n", 1)
else:
    text = text.replace("## Fix\\n\\n", "## Fix\\n\\nFirst, read the device table. ", 1)
path.write_text(text)
"""

#: What a person types at the prompts of the lines that ask (Enter accepts a suggestion).
ANSWERS = {
    "kb add": [
        "OSError: the frobnicator socket closed mid-batch",
        "ls /tmp",
        "nothing",
        "retry the batch",
        "data",  # the domain: nothing in the words places it, so none is proposed
        "",
        "",
        "",
    ],
    "kb add --from-log crash.log": ["ls /tmp", "nothing", "re-download the shard", "data", "", "", ""],
    "kb add --from-last": ["ls /tmp", "nothing", "use the supported flag", "data", "", "", ""],
    "kb add --from-commit": [
        "OSError: the stager's lock file is stale",
        "ls /tmp",
        "nothing",
        "data",
        "",
        "",
        "",
    ],
    "kb add --env": [
        "OSError: the frobnicator needs CUDA 12.4",
        "nvidia-smi -L",
        "nothing",
        "upgrade the driver",
        "hardware",
        "",
        "",
        "",
    ],
    "kb add --from-file my-fault.md": ["nothing"],
    "kb check torch-load-map-location": ["y"],
    "kb check port-already-in-use --with port=55499": ["y"],
    "kb rm my-fault --purge": ["y"],
    "kb triage --log crash.log": ["run the loader on shard 7", "n", "n", "n", "n"],
    # The README's triage is of the fault `kb add --from-log crash.log` added: said first, and counted.
    "kb add --from-triage": ["y"],
    "kb add --from-last-run": ["ls /tmp", "nothing", "rebuild the shard index", "data", "", "", ""],
    "kb review": ["q"],
}
#: The fault of each of the README's `kb add … FLAGS` lines, by FLAGS: a fault of its own each time,
#: which kb search is sure of no entry for (else kb add asks whether it is that entry's).
SYMPTOM_WORDS = {
    "--guards guards.toml": "OSError: the frobnicator config is read-only",
    "--to team": "PermissionError: the team cache refused a write from this host",
    "--applies-to 'torch>=2.1,<2.2' --applies-to 'compute_capability<8.0'": (
        "RuntimeError: the old GPU kernel image was built for another architecture family"
    ),
}
#: Their own tests drive them: a TUI needs a terminal that CliRunner is not.
NOT_RUN_HERE = {"kb tui": "tests/tui drive it through App.run_test()"}


def readme_lines() -> list[str]:
    """Every kb command in the README's shell blocks, comments removed, in order."""
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", README, flags=re.DOTALL):
        for line in block.splitlines():
            command = line.split("  #", 1)[0].strip()
            if command.startswith("kb ") or "| kb " in command:
                lines.append(command)
    return lines


def test_the_readme_shows_commands_to_run() -> None:
    assert len(readme_lines()) > 30


@pytest.mark.new_database
def test_every_command_in_the_readme_works_on_a_fresh_install(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, interactive: None
) -> None:
    work = tmp_path / "project"
    work.mkdir()
    monkeypatch.chdir(work)
    (work / "train.log").write_text("step 1 loss 2.3\n" * 1000 + TRACEBACK)
    (work / "crash.log").write_text(CRASH)
    (work / "my-fault.md").write_text(MY_FAULT)
    (work / "guards.toml").write_text(GUARDS)
    (work / "train.py").write_text(TRAIN)
    (work / "team-kb").mkdir()  # the team's repository, cloned
    monkeypatch.setenv("HOME", str(work))  # so that the config's ~/team-kb is that checkout
    config = Path(os.environ["XDG_CONFIG_HOME"]) / "kb" / "config.toml"
    config.parent.mkdir(parents=True)
    blocks = re.findall(r"```toml\n(.*?)```", README, flags=re.DOTALL)
    config.write_text(next(block for block in blocks if "[[layer]]" in block))  # the README's own
    (tmp_path / "editor.py").write_text(EDITOR)
    monkeypatch.setenv("EDITOR", f"{sys.executable} {tmp_path / 'editor.py'}")
    git = {
        "GIT_AUTHOR_NAME": "a",
        "GIT_AUTHOR_EMAIL": "a@b",
        "GIT_COMMITTER_NAME": "a",
        "GIT_COMMITTER_EMAIL": "a@b",
    }
    for step in (
        ["init", "-q"],
        ["add", "."],
        ["commit", "-qm", "Remove the stale frobnicator lock at start"],
    ):
        subprocess.run(["git", *step], check=True, env={**os.environ, **git})
    searched_nothing = runner.invoke(app, ["search", "the frobnicator rejected a flag it used to take"])
    assert searched_nothing.exit_code == 1  # what `kb add --from-last` takes its symptom from

    for line in readme_lines():
        if line in NOT_RUN_HERE:
            continue
        stdin = None
        if "| kb " in line:
            line, stdin = "kb " + line.split("| kb ", 1)[1], TRACEBACK
        if line.startswith("kb add … "):  # the flags the reader fills in: a fault of their own each time
            rest = line[9:]
            line = f"kb add -s '{SYMPTOM_WORDS[rest]}' -d data -v 'ls /tmp' -f 'chmod u+w it' {rest}"
        answers = ANSWERS.get(line)
        if answers is not None:
            stdin = "\n".join(answers) + "\n"
        result = runner.invoke(app, fill_optional_values(shlex.split(line)[1:]), input=stdin)
        searched = line.startswith("kb search")
        #: 1: no confident match (a search). A check's status is its verdict: 0 confirmed, 10 ruled out,
        #: 11 inconclusive, 12 could not run here (no torch in kb's venv); only 13, it broke, is an error.
        allowed = (0, 1) if searched else (0, 10, 11, 12) if line.startswith("kb check") else (0,)
        if line.startswith("kb run"):
            allowed = (1,)  # the status of the command it ran: train.py fails
        assert result.exit_code in allowed, f"{line}\n{result.output}"
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            f"{line}\n{result.output}"
        )
        assert not (searched and result.stderr), f"{line}\n{result.output}"


def shell_block(marker: str, language: str = "sh") -> list[str]:
    """The lines of the README's LANGUAGE block that holds MARKER, comments removed."""
    blocks = re.findall(rf"```{language}\n(.*?)```", README, flags=re.DOTALL)
    block = next(block for block in blocks if marker in block)
    lines = (line.split("  #", 1)[0].strip() for line in block.splitlines())
    return [line for line in lines if line and not line.startswith("#")]  # a line of output shown


def typed(lines: list[str], cwd: Path, env: dict[str, str]) -> list[subprocess.CompletedProcess[str]]:
    """Each of LINES typed into a shell in CWD, in order, as a reader types them."""
    return [
        subprocess.run(["bash", "-c", line], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
        for line in lines
    ]


@pytest.fixture
def reader_shell(tmp_path: Path) -> dict[str, str]:
    """The reader's shell: kb, pre-commit, pytest and ipython of this install on the PATH, a git
    identity, pre-commit's cache in the temporary folder, no colour."""
    bin_dir = str(Path(sys.executable).parent)
    return {
        **os.environ,
        "PATH": os.pathsep.join((bin_dir, os.environ.get("PATH", ""))),
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
        "GIT_AUTHOR_NAME": "a",
        "GIT_AUTHOR_EMAIL": "a@b",
        "GIT_COMMITTER_NAME": "a",
        "GIT_COMMITTER_EMAIL": "a@b",
        "NO_COLOR": "1",
    }


@pytest.mark.skipif(
    not Path(sys.executable).with_name("pre-commit").exists(), reason="pre-commit is not installed"
)
def test_the_pre_commit_steps_block_the_commit_they_show_blocked(
    tmp_path: Path, reader_shell: dict[str, str]
) -> None:
    """Without `pre-commit install` among them, the commit the README shows failing succeeded."""
    repo = tmp_path / "project"
    repo.mkdir()
    (repo / "train.py").write_text("import torch\n\nstate = torch.load('checkpoint.pt')\n")
    subprocess.run(["git", "init", "-q"], cwd=repo, env=reader_shell, check=True)
    done = typed(shell_block("pre-commit install"), repo, reader_shell)
    committed = done[-1]
    assert all(step.returncode == 0 for step in done[:-1]), [step.stderr for step in done]
    assert committed.returncode != 0, committed.stdout + committed.stderr
    assert "[torch-load-map-location]" in committed.stdout + committed.stderr


def test_the_pytest_line_names_a_failures_known_fault(tmp_path: Path, reader_shell: dict[str, str]) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "test_labels.py").write_text(
        "def test_labels():\n    raise IndexError('Target 5 is out of bounds.')\n"
    )
    (line,) = [line for line in shell_block("pytest --kb") if line.startswith("pytest")]
    (ran,) = typed([f"{line} -p no:cacheprovider"], project, reader_shell)
    assert ran.returncode == 1 and "known fault (kb)" in ran.stdout
    assert "cross-entropy-label-out-of-range" in ran.stdout


def test_the_ipython_lines_show_the_known_fault_after_the_traceback(
    tmp_path: Path, reader_shell: dict[str, str]
) -> None:
    load, search = shell_block("%load_ext kb", "ipython")[:2]
    failing = tmp_path / "failing.ipy"
    failing.write_text(f"{load}\nraise IndexError('Target 5 is out of bounds.')\n")
    searching = tmp_path / "searching.ipy"
    searching.write_text(f"{load}\n{search} CUDA out of memory\n")  # as the README's comment has it
    ipython = "ipython --no-banner --colors=nocolor"
    uncaught, searched = typed([f"{ipython} {failing}", f"{ipython} {searching}"], tmp_path, reader_shell)
    out = uncaught.stdout + uncaught.stderr
    assert out.index("IndexError: Target 5") < out.index("kb: known fault") < out.index("cross-entropy-label")
    assert "cuda-oom" in searched.stdout, searched.stderr
