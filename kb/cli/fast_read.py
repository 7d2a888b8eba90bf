"""`kb show KEY` and `kb list` for people, read through the lean reader: no Typer, no ORM.

They are what a user types right after a search, so they start as fast as it does. Only the plain
forms come here (`kb show KEY [--snippet]`, `kb list [--domain D] [--tag T] [--status S]`); anything
else (`--json`, `--unvalidated`, `--help`, a database that is new or needs an upgrade) returns None
and goes to Typer's commands in kb.cli.entries, which print the same.
"""

from __future__ import annotations

import sys
from typing import Any

from kb.cli.console import bold, run_reporting_errors, width
from kb.cli.options import LIST_STATUSES
from kb.entry.visible import visible
from kb.errors import EntryNotFound

_LIST_OPTIONS = {"--domain": "domain", "-d": "domain", "--tag": "tag", "-t": "tag", "--status": "status"}


def show_main(argv: list[str]) -> int | None:
    """`kb show KEY [--snippet]`, or None when Typer should answer."""
    flags = [arg for arg in argv if arg.startswith("-")]
    keys = [arg for arg in argv if not arg.startswith("-")]
    if len(keys) != 1 or set(flags) - {"--snippet"} or "--" in argv:
        return None
    from kb.sources.shown import shown_layer

    if shown_layer(keys[0]) not in (None, "personal"):
        return None  # the last search showed another layer's entry: Typer's show follows it
    reader = _reader()
    if reader is None:
        return None
    return run_reporting_errors(lambda: _show(reader, keys[0], "--snippet" in flags))


def list_main(argv: list[str]) -> int | None:
    """`kb list [--domain D] [--tag T] [--status S]`, or None when Typer should answer."""
    chosen: dict[str, str] = {}
    rest = list(argv)
    while rest:
        option = rest.pop(0)
        name = _LIST_OPTIONS.get(option.split("=", 1)[0])
        if name is None:
            return None
        if "=" in option:
            chosen[name] = option.split("=", 1)[1]
        elif rest:
            chosen[name] = rest.pop(0)
        else:
            return None
    if chosen.get("status", "active") not in LIST_STATUSES:
        return None  # Typer says what is wrong with it
    reader = _reader()
    if reader is None:
        return None
    return run_reporting_errors(lambda: _list(reader, chosen))


def _reader() -> Any:
    """The lean reader on --db / KB_DB / the default, or None when only the full store will do."""
    from kb.errors import KbError
    from kb.paths import resolve_location
    from kb.store.index_reader import IndexNotReady, IndexReader

    try:
        return IndexReader(resolve_location(None)).open()
    except (IndexNotReady, KbError, OSError):  # new, outdated, damaged, unreadable: Typer explains it
        return None


def _show(reader: Any, key: str, snippet: bool) -> int:
    from kb.entry.check_rule import parse_check_rule
    from kb.entry.content import EntryContent, closest_key
    from kb.entry.terminal import bookkeeping_line, format_entry

    with reader:
        record = reader.entry(key)
        if record is None:
            raise EntryNotFound(key, closest_key(key, reader.keys()))
    if snippet:
        if not record["snippet"]:
            from kb.errors import KbError

            raise KbError(f"entry '{key}' has no snippet")
        sys.stdout.write(record["snippet"] + "\n")
        return 0
    fields = {name: record[name] for name in EntryContent.__dataclass_fields__}
    for name in ("symptom_variants", "tags", "related", "guards", "applies_to"):
        fields[name] = tuple(fields[name])
    fields["check_rule"] = parse_check_rule(fields["check_rule"], key)
    facts = bookkeeping_line(
        record["status"],
        record["hits"],
        record["occurrences"],
        str(record["created"])[:10],
        str(record["updated"])[:10],
        str(record["reviewed"])[:10] if record["reviewed"] else None,
        record["last_check_outcome"],
    )
    sys.stdout.write(format_entry(EntryContent(**fields), facts, width(), bold) + "\n")
    return 0


def _list(reader: Any, chosen: dict[str, str]) -> int:
    from kb.domains import resolve_domain
    from kb.entry.terminal import format_table

    status = chosen.get("status", "active")
    domain = resolve_domain(chosen["domain"]) if chosen.get("domain") else None
    with reader:
        records = reader.entries(domain, None if status == "all" else status)
    if chosen.get("tag"):
        wanted = chosen["tag"].lower()
        records = [r for r in records if wanted in (str(t).lower() for t in r["tags"])]
    if not records:
        sys.stderr.write("no entries match\n")
        return 0
    rows = [(visible(r["key"]), visible(r["domain"]), visible(r["symptom"])) for r in records]
    sys.stdout.write(format_table(rows, width()) + "\n")
    return 0
