"""Editing text in the user's $EDITOR, and keeping drafts so that nothing typed is ever lost."""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
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
            editor = subprocess.Popen(command)
        except OSError as exc:
            raise KbError(f"cannot start the editor '{command[0]}': {exc.strerror}; set $EDITOR") from exc
        with _keys_left_to_the_editor():
            returncode = editor.wait()
        if returncode != 0:
            raise KbError(f"the editor '{command[0]}' exited with {returncode}; nothing was saved")
        return path.read_bytes().decode("utf-8", errors="replace")


@contextlib.contextmanager
def _keys_left_to_the_editor() -> Iterator[None]:
    """Ctrl-C and Ctrl-\\ go to the whole terminal's foreground group: to the editor, which reads
    them as keys (vim's Ctrl-C leaves insert mode), and to kb, which then killed the editor and lost
    the text. kb ignores them until the editor exits, as git does; the editor, started before, keeps
    its own handling of them."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    kept = {number: signal.signal(number, signal.SIG_IGN) for number in (signal.SIGINT, signal.SIGQUIT)}
    try:
        yield
    finally:
        for number, handler in kept.items():
            signal.signal(number, handler)


def _on_a_terminal() -> bool:
    """Whether a full-screen editor has a terminal to draw on and read keys from: vi started from a
    pipe wrote its escape sequences into the output and exited 1."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def save_draft(text: str, name: str) -> Path:
    """Keep TEXT in kb's drafts folder and return where, so an aborted edit loses nothing."""
    path = new_draft_path(name, datetime.now(UTC).strftime("%Y%m%dT%H%M%S"))
    write_atomically(path, redact_text(text))  # a draft is kept on disk: no credentials in it
    return path
