"""`kb tui` in a real terminal: tmux at 80x24, keys typed as a person types them, the screen read back.

App.run_test() draws into Textual's own headless driver; this draws into a terminal emulator, which
is where the add form's messages were found out of sight.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


@pytest.fixture
def terminal(tmp_path: Path, kb_backend: str) -> Iterator[tuple[Callable[..., None], Callable[[str], str]]]:
    """`kb tui` running in an 80x24 tmux window: (type keys, wait for a text and return the screen)."""
    if kb_backend != "sqlite":
        pytest.skip("the terminal is the same whatever the database")
    socket = f"kb-test-{os.getpid()}-{tmp_path.name}"
    tmux = ["tmux", "-L", socket, "-f", os.devnull]
    subprocess.run(
        [*tmux, "new-session", "-d", "-x", "80", "-y", "24", f"{sys.executable} -m kb tui"],
        check=True,
        env={**os.environ, "TERM": "xterm-256color"},
    )

    def keys(*typed: str) -> None:
        subprocess.run([*tmux, "send-keys", *typed], check=True)
        if typed[-1] == "Escape":  # a terminal's Escape alone is told from Alt+key by a pause after it
            time.sleep(0.6)

    def screen_with(text: str) -> str:
        shown = ""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            shown = subprocess.run(
                [*tmux, "capture-pane", "-p"], capture_output=True, text=True, check=False
            ).stdout
            if text in shown:
                return shown
            time.sleep(0.3)
        raise AssertionError(f"{text!r} never reached the screen:\n{shown}")

    try:
        yield keys, screen_with
    finally:
        subprocess.run([*tmux, "kill-server"], check=False, capture_output=True)


def test_every_message_of_the_add_form_is_on_an_80_by_24_screen(
    terminal: tuple[Callable[..., None], Callable[[str], str]],
) -> None:
    keys, screen_with = terminal
    screen_with("Search")
    keys("Escape")
    keys("a")
    screen_with("Add an entry")
    keys("C-s")  # nothing filled in
    shown = screen_with("To fix before saving: Symptom")
    assert "Cancel (Esc)" in shown and "write what you saw" in shown  # the field's own message too
    keys("-l", "the frobnicator rejected the shard")
    keys("Escape")
    assert "Save (Ctrl+S)" in screen_with("again to discard it")


@pytest.fixture
def touching_check(tmp_path: Path) -> Path:
    """An entry whose check leaves a file behind: whether it ran is on the disk."""
    from tests.command_line import kb

    touched = tmp_path / "the-check-ran"
    flags = ["-s", "FrobnicatorError: the shard lease expired", "-d", "logging", "-f", "renew it"]
    assert kb("add", *flags, "-v", f"touch {touched}", "--confirms", "exit 0").code == 0
    return touched


def test_a_pasted_log_runs_no_check(
    touching_check: Path, terminal: tuple[Callable[..., None], Callable[[str], str]], tmp_path: Path
) -> None:
    """A bracketed paste of a log holding ESC, x, y: the terminal replays what follows an escape
    sequence it cannot read as key presses, and they opened the Run dialog and answered it."""
    keys, screen_with = terminal
    screen_with("Search")
    keys("-l", "FrobnicatorError: the shard lease expired")
    keys("Enter")
    screen_with("x runs it")
    pasted = tmp_path / "paste.txt"
    pasted.write_text("RuntimeError: boom \x1bxy" + "z" * 40)
    socket = f"kb-test-{os.getpid()}-{tmp_path.name}"
    tmux = ["tmux", "-L", socket, "-f", os.devnull]
    subprocess.run([*tmux, "load-buffer", "-b", "log", str(pasted)], check=True)
    subprocess.run([*tmux, "paste-buffer", "-p", "-b", "log"], check=True)
    time.sleep(2)
    assert not touching_check.exists()
