"""Editing text in the user's $EDITOR, and keeping drafts so that nothing typed is ever lost."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from kb.entry.redaction import redact_text
from kb.errors import KbError
from kb.paths import new_draft_path, write_atomically


def editor_command() -> list[str]:
    """$VISUAL, then $EDITOR, then vi: the order git and most Unix tools use."""
    editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
    return shlex.split(editor)


def edit_text(text: str, name: str = "entry") -> str:
    """Open TEXT in the editor as NAME.md and return what the user saved."""
    with tempfile.TemporaryDirectory(prefix="kb-") as folder:
        path = Path(folder) / f"{name}.md"
        path.write_text(text, encoding="utf-8")
        if not (os.environ.get("VISUAL") or os.environ.get("EDITOR")) and not _on_a_terminal():
            raise KbError("no editor to open here: set $EDITOR (kb opens vi only on a terminal)")
        command = [*editor_command(), str(path)]
        try:
            result = subprocess.run(command, check=False)
        except OSError as exc:
            raise KbError(f"cannot start the editor '{command[0]}': {exc.strerror}; set $EDITOR") from exc
        if result.returncode != 0:
            raise KbError(f"the editor '{command[0]}' exited with {result.returncode}; nothing was saved")
        return path.read_bytes().decode("utf-8", errors="replace")


def _on_a_terminal() -> bool:
    """Whether a full-screen editor has a terminal to draw on and read keys from: vi started from a
    pipe wrote its escape sequences into the output and exited 1."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def save_draft(text: str, name: str) -> Path:
    """Keep TEXT in kb's drafts folder and return where, so an aborted edit loses nothing."""
    path = new_draft_path(name, datetime.now(UTC).strftime("%Y%m%dT%H%M%S"))
    write_atomically(path, redact_text(text))  # a draft is kept on disk: no credentials in it
    return path
