"""`kb show KEY` and `kb list` for people, read through the lean reader: no Typer, no ORM.

They are what a user types right after a search, so they start as fast as it does. Only the plain
forms come here (`kb show KEY [--snippet]`, `kb list [--domain D] [--tag T] [--status S]`), parsed by
the option tables kb.cli.options.SHOW_OPTIONS and LIST_OPTIONS that Typer's commands in
kb.cli.entries are built from; anything else (`--json`, `--unvalidated`, `--help`, a database that is
new or needs an upgrade) returns None and goes to those commands, which print the same.
"""

from __future__ import annotations

import sys
from typing import Any

from kb.cli.console import bold, report_error, run_reporting_errors, width
from kb.cli.options import LIST_OPTIONS, SHOW_OPTIONS, Option, checked_status, parse_lean, typer_only_flags
from kb.entry.visible import visible
from kb.errors import EntryNotFound, UsageError


def show_main(argv: list[str]) -> int | None:
    """`kb show KEY [--snippet]`, or None when Typer should answer."""
    values = _parsed("kb show", SHOW_OPTIONS, argv)
    if not isinstance(values, dict):
        return values
    from kb.layers.shown import shown_layer

    if shown_layer(values["key"]) not in (None, "personal"):
        return None  # the last search showed another layer's entry: Typer's show follows it
    reader = _reader()
    if reader is None:
        return None
    try:
        return run_reporting_errors(lambda: _show(reader, values["key"], values["snippet"]))
    except _InAnotherLayer:
        return None  # Typer's show names the layer that holds it


class _InAnotherLayer(Exception):
    """The personal knowledge base holds no such key, and another layer may."""


def list_main(argv: list[str]) -> int | None:
    """`kb list [--domain D] [--tag T] [--status S]`, or None when Typer should answer."""
    values = _parsed("kb list", LIST_OPTIONS, argv)
    if not isinstance(values, dict):
        return values
    try:
        checked_status(values["status"])
    except UsageError as exc:
        return report_error(exc)
    reader = _reader()
    if reader is None:
        return None
    return run_reporting_errors(lambda: _list(reader, values))


def _parsed(prog: str, options: tuple[Option, ...], argv: list[str]) -> dict[str, Any] | int | None:
    """ARGV's values; None for a command line only Typer handles; the exit code of a bad one."""
    if typer_only_flags(options) & {arg.partition("=")[0] for arg in argv}:
        return None
    try:
        return parse_lean(prog, options, argv)
    except UsageError as exc:
        return report_error(exc)


def _reader() -> Any:
    """The lean reader on --db / KB_DB / the default, or None when only the full store will do: for
    a database that is new, outdated, damaged or unreadable (Typer's commands explain it), and for
    the first command of the day, which decides on the review reminder (unless nothing can be
    written: on a full disk the lean reader still answers, and the reminder waits)."""
    import kb.clock
    from kb.errors import KbError
    from kb.paths import resolve_location
    from kb.store.index_reader import IndexNotReady, IndexReader
    from kb.upkeep.reminder import reminder_pending

    try:
        reader = IndexReader(resolve_location(None)).open()
    except (IndexNotReady, KbError, OSError):
        return None
    try:
        pending = reminder_pending(reader.meta("last_reminder"), kb.clock.utc_now())
    except (KbError, OSError):
        pending = True
    if pending and not reader.reading_only:
        reader.close()
        return None
    return reader


def _show(reader: Any, key: str, snippet: bool) -> int:
    from kb.entry.content import closest_key
    from kb.entry.terminal import format_entry

    with reader:
        entry = reader.entry(key)
        if entry is None:
            from kb.layers.config import reading_layers

            if len(reading_layers()) > 1:
                raise _InAnotherLayer
            went = reader.went(key)
            raise (
                EntryNotFound(key, went=went) if went else EntryNotFound(key, closest_key(key, reader.keys()))
            )
        moved = {k: w for k in entry.related if reader.entry(k) is None and (w := reader.went(k))}
    if snippet:
        if not entry.snippet:
            from kb.errors import KbError

            raise KbError(f"entry '{key}' has no snippet")
        from kb.entry.visible import visible

        sys.stdout.write(visible(entry.snippet) + "\n")  # a teammate's text: nothing acts on the terminal
        return 0
    sys.stdout.write(format_entry(entry.content(), entry.facts(), width(), bold, moved) + "\n")
    return 0


def listing_widths(domain: str | None) -> tuple[int, int]:
    """The least widths of `kb list`'s key and domain columns: a listing of every domain is sorted by
    domain, so its first rows cannot tell how wide the domain column must be; the domains can."""
    from kb.domains import DOMAIN_NAMES

    return 0, len(domain) if domain else max(map(len, DOMAIN_NAMES))


def _list(reader: Any, chosen: dict[str, Any]) -> int:
    from kb.cli.console import print_lines
    from kb.domains import resolve_domain
    from kb.entry.terminal import listed_symptom, streamed_table

    status = None if chosen["status"] == "all" else chosen["status"]
    domain = resolve_domain(chosen["domain"]) if chosen["domain"] else None
    with reader:
        entries = reader.each_entry(domain, status, chosen["tag"])
        rows = (
            (visible(e.key), visible(e.domain), visible(listed_symptom(e.symptom, e.status))) for e in entries
        )
        if not print_lines(streamed_table(rows, width(), listing_widths(domain))):
            sys.stderr.write("no entries match\n")
    return 0
