"""A team in a test: people with knowledge bases of their own and checkouts of one bare git
repository, taking turns as the README's workflow says (pull, kb sync, commit, push)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kb.entry.content import EntryContent
from kb.store.entry_store import open_store
from tests.command_line import kb

GIT_ENV = {
    "GIT_AUTHOR_NAME": "kb test",
    "GIT_AUTHOR_EMAIL": "kb@example.com",
    "GIT_COMMITTER_NAME": "kb test",
    "GIT_COMMITTER_EMAIL": "kb@example.com",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
}


def git(folder: Path, *args: str) -> str:
    result = subprocess.run(
        ["git", *args], cwd=folder, env={**os.environ, **GIT_ENV}, capture_output=True, text=True, check=True
    )
    return result.stdout


class Person:
    """One engineer: a knowledge base of their own and a checkout of the team's repository."""

    def __init__(self, name: str, root: Path, origin: Path, runner: CliRunner, seeded: bool = False) -> None:
        self.name = name
        self.db = str(root / f"{name}.db")
        self.checkout = root / name
        self.runner = runner
        git(root, "clone", "-q", str(origin), str(self.checkout))
        assert self.kb("init", *(() if seeded else ("--empty",)))[0] == 0

    def kb(self, *args: str) -> tuple[int, str, str]:
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("KB_AUTHOR", self.name)
            result = kb("--db", self.db, *args)
        return result.exit_code, result.stdout, result.stderr

    def add(self, key: str, symptom: str, fix: str, *flags: str) -> None:
        code, _, err = self.kb(
            "add", "--key", key, "-s", symptom, "-d", "data", "-v", "true", "-f", fix, *flags
        )
        assert code == 0, err

    def edit(self, key: str, old: str, new: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
        script = tmp_path / "editor.py"
        script.write_text(
            "import sys, pathlib\npath = pathlib.Path(sys.argv[1])\n"
            f"path.write_text(path.read_text().replace({old!r}, {new!r}))\n"
        )
        monkeypatch.setenv("EDITOR", f"{sys.executable} {script}")
        code, _, err = self.kb("edit", key)
        assert code == 0, err

    def turn(self, *sync_args: str, push_with_conflicts: bool = False) -> dict[str, object]:
        """Pull, sync, commit and push, as the README's workflow says; with conflicts left, push
        only when PUSH_WITH_CONFLICTS (what the sync did to other entries is worth sharing)."""
        git(self.checkout, "pull", "-q", "--ff-only")
        code, out, err = self.kb("sync", str(self.checkout), *sync_args, "--json")
        assert err == "", err
        report: dict[str, object] = json.loads(out)
        assert code == (1 if report["conflicts"] else 0)
        if not report["conflicts"] or push_with_conflicts:
            git(self.checkout, "add", "-A")
            if git(self.checkout, "status", "--porcelain"):
                git(self.checkout, "commit", "-qm", "kb sync")
                git(self.checkout, "push", "-q", "origin", "HEAD:main")
        return report

    def entries(self) -> dict[str, EntryContent]:
        with open_store(self.db) as store:
            return {entry.key: entry.content() for entry in store.list(status=None)}


def actions(report: dict[str, object]) -> dict[str, str]:
    steps = report["steps"]
    assert isinstance(steps, list)
    return {step["key"]: step["action"] for step in steps}


def new_repository(root: Path) -> Path:
    """A bare repository holding one commit (a README), as a team starts one."""
    origin = root / "team.git"
    git(root, "init", "-q", "--bare", "-b", "main", str(origin))
    start = root / "start"
    git(root, "clone", "-q", str(origin), str(start))
    (start / "README.md").write_text("# Our faults\n")
    git(start, "add", "-A")
    git(start, "commit", "-qm", "start")
    git(start, "push", "-q", "origin", "HEAD:main")
    return origin


def both_synced_loader_stall(root: Path, runner: CliRunner) -> tuple[Person, Person]:
    """Alice and Bob, who both synced the entry loader-stall (its fix: "clear the cache"), Alice
    having added it."""
    origin = new_repository(root)
    alice, bob = Person("alice", root, origin, runner), Person("bob", root, origin, runner)
    alice.add("loader-stall", "RuntimeError: the data loader stalled on the shard cache", "clear the cache")
    alice.turn()
    bob.turn()
    return alice, bob


def one_fix_changed_by_two(
    root: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch, alices: str, bobs: str
) -> tuple[Person, Person]:
    """Alice and Bob, who both synced the entry loader-stall, each change its fix: Alice to ALICES,
    synced and pushed; Bob to BOBS, not synced yet."""
    alice, bob = both_synced_loader_stall(root, runner)
    alice.edit("loader-stall", "clear the cache", alices, monkeypatch, root)
    alice.turn()
    bob.edit("loader-stall", "clear the cache", bobs, monkeypatch, root)
    return alice, bob
