"""Where a copy from the TUI goes, said truthfully.

A terminal application cannot see the clipboard. Textual writes the text as an OSC 52 sequence,
which a terminal may take or ignore (tmux without `set-clipboard on`, the macOS Terminal), so "Copied"
after it alone was a claim kb could not know. Here the text also goes where kb can see that it
arrived: the desktop's clipboard tool when there is a display, tmux's paste buffer inside tmux; and
the message says which, or that only the terminal was asked. No Textual here: the app passes its
own OSC 52 writer in.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable, Mapping

#: Clipboard tools, each with the environment variable that says its display is there.
_TOOLS = (
    ("WAYLAND_DISPLAY", ("wl-copy",), "the clipboard"),
    ("DISPLAY", ("xclip", "-selection", "clipboard"), "the clipboard"),
    ("DISPLAY", ("xsel", "--clipboard", "--input"), "the clipboard"),
    ("__CF_USER_TEXT_ENCODING", ("pbcopy",), "the clipboard"),  # set in every macOS session
    ("WSL_DISTRO_NAME", ("clip.exe",), "the Windows clipboard"),
    ("TMUX", ("tmux", "load-buffer", "-"), "tmux's paste buffer (prefix ])"),
)


def copy(text: str, send_to_terminal: Callable[[str], None], environ: Mapping[str, str] | None = None) -> str:
    """Copy TEXT everywhere kb can, and say where: '…to the clipboard', or that the terminal was
    asked (OSC 52, through SEND_TO_TERMINAL, always) and kb cannot tell whether it took it."""
    environ = os.environ if environ is None else environ
    places: list[str] = []
    for variable, command, place in _TOOLS:
        if place in places or not environ.get(variable) or shutil.which(command[0]) is None:
            continue
        try:
            done = subprocess.run(command, input=text.encode(), capture_output=True, timeout=2, check=False)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if done.returncode == 0:
            places.append(place)
    send_to_terminal(text)
    if places:
        return "to " + " and ".join(places)
    return (
        "to the terminal's clipboard if it takes OSC 52 (kb cannot tell; in tmux: set -g"
        " set-clipboard on); select it in the entry pane otherwise"
    )
