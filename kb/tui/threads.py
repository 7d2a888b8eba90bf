"""Work off the main thread: how the app and its forms run what may wait (a read, a write).

A search, a tree or a save may wait on the database (another process holding its write lock, a
server slow to answer); Textual paints and takes keys on the main thread, which must not wait.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

from textual.app import App
from textual.worker import get_current_worker

from kb.errors import KbError

T = TypeVar("T")

#: For each app (by id), the loads of in_thread() still running, and what waits for them all to end.
_running: dict[int, int] = {}
_when_idle: dict[int, Callable[[], object]] = {}
_counting = threading.Lock()


def when_idle(app: App[Any], then: Callable[[], object]) -> None:
    """THEN now if no load of APP runs in a thread, else once the last of them ends. A worker
    Textual has cancelled as the app quits may still be inside the database: closing the store's
    connection under a PostgreSQL query left that thread waiting forever on a socket nobody
    answered, and the process (a test run, CI) with it."""
    with _counting:
        if _running.get(id(app)):
            _when_idle[id(app)] = then
            return
    then()


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
        with _counting:
            _running[id(app)] = _running.get(id(app), 0) + 1
        try:
            value = load()
        except (KbError, OSError) as exc:
            if not worker.is_cancelled:
                app.call_from_thread(failed, exc)
            return
        finally:
            _ended(app)
        if not worker.is_cancelled:
            app.call_from_thread(show, value)

    app.run_worker(work, name=group, group=group, thread=True, exclusive=exclusive)


def _ended(app: App[Any]) -> None:
    with _counting:
        left = _running[id(app)] - 1
        if left:
            _running[id(app)] = left
            return
        del _running[id(app)]
        then = _when_idle.pop(id(app), None)
    if then is not None:
        then()
