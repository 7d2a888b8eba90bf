"""Work off the main thread: how the app and its forms run what may wait (a read, a write).

A search, a tree or a save may wait on the database (another process holding its write lock, a
server slow to answer); Textual paints and takes keys on the main thread, which must not wait.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from textual.app import App
from textual.worker import get_current_worker

from kb.errors import KbError

T = TypeVar("T")


def in_thread(
    app: App[Any],
    group: str,
    load: Callable[[], T],
    show: Callable[[T], object],
    failed: Callable[[KbError | OSError], object],
    exclusive: bool = False,
) -> None:
    """LOAD in a thread worker of APP, then, on the main thread, SHOW its result or FAILED its
    KbError or OSError. EXCLUSIVE: a newer one of GROUP cancels this one, whose outcome is dropped.
    The worker is APP's, not a screen's: a dialog closed meanwhile still hears how it ended."""

    def work() -> None:
        worker = get_current_worker()
        try:
            value = load()
        except (KbError, OSError) as exc:
            if not worker.is_cancelled:
                app.call_from_thread(failed, exc)
            return
        if not worker.is_cancelled:
            app.call_from_thread(show, value)

    app.run_worker(work, name=group, group=group, thread=True, exclusive=exclusive)
