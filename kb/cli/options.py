"""The options of `kb search`, `kb add`, `kb show` and `kb list`, declared once for both of their parsers.

Those commands are parsed twice: by a lean parser that the console script uses before Typer is
imported (kb/cli/fast_search.py, kb/cli/fast_add.py, kb/cli/fast_read.py), and by Typer for
`--help` and the few options only Typer handles (`kb add --edit`, `--json` of show and list).
Typer's own imports cost more than a whole search (~40 ms against a floor of ~35 ms), which is why
these four commands have a lean parser at all. Each option is one row here; `parse_lean()` reads a
command line by the rows and kb.cli.common.declared() builds the Typer command's parameters from the
same rows, so the two cannot drift apart. Both hand the command the same values, keyed by
`Option.name`.

Standard library only: this module is on the fast path.
"""

from typing import Any, Literal

from kb.cli.console import usage_message
from kb.domains import DOMAIN_NAMES
from kb.errors import UsageError
from kb.records import Record

#: What `kb list --status` takes.
LIST_STATUSES = ("active", "archived", "all")

#: text: one string; path: one file path; repeated: a string per use; switch: present or not;
#: count: a whole number of at least 1; words: the positional words of a query; key: one positional
#: word, required.
Kind = Literal["text", "path", "repeated", "switch", "count", "words", "key"]


class Option(Record):
    """One command-line option (or the positional words), as both parsers see it."""

    name: str
    flags: tuple[str, ...]
    help: str
    kind: Kind = "text"
    metavar: str | None = None
    default: Any = None
    #: What the option means when its value is left out (`--from-commit` alone is HEAD).
    omitted: str | None = None
    #: False for the few options only Typer handles (`kb add --edit` drives Typer's prompts).
    lean: bool = True


def text(name: str, flags: tuple[str, ...], help: str, metavar: str = "TEXT", **rest: Any) -> Option:
    return Option(name, flags, help, "text", metavar, **rest)


def path(name: str, flags: tuple[str, ...], help: str) -> Option:
    return Option(name, flags, help, "path", "FILE")


def repeated(name: str, flags: tuple[str, ...], help: str, metavar: str) -> Option:
    return Option(name, flags, help, "repeated", metavar)


def switch(name: str, flags: tuple[str, ...], help: str, **rest: Any) -> Option:
    return Option(name, flags, help, "switch", None, False, **rest)


DOMAIN = text("domain", ("--domain", "-d"), f"Fault domain: {', '.join(DOMAIN_NAMES)}.", "DOMAIN")
JSON = switch("as_json", ("--json",), "Print JSON for scripts.")
DB = text("db", ("--db",), "Database file or SQLAlchemy URL [env: KB_DB]", "PATH|URL")

SEARCH_OPTIONS: tuple[Option, ...] = (
    Option("query", (), "Error text or a description; '-' reads standard input.", "words", "QUERY"),
    text("file", ("--file", "-F"), "Read the query from a log file.", "FILE"),
    JSON,
    switch("explain", ("--explain",), "Show the decisive line, the signature and why each result scored."),
    Option("limit", ("--limit", "-n"), "How many results.", "count", "N", 5),
    text(
        "domain",
        ("--domain", "-d"),
        f"Show only this domain's entries ({', '.join(DOMAIN_NAMES)}); the others still count against"
        " being sure of one.",
        "DOMAIN",
    ),
    switch("include_archived", ("--all",), "Search archived entries too."),
    switch("exact", ("--exact",), "Only entries whose symptom contains the query."),
    switch("regex", ("--regex",), "The query is a regular expression over symptoms."),
    switch(
        "env", ("--env",), "Rank first the entries whose applies_to this machine meets (versions, CUDA, GPU)."
    ),
    DB,
)

ADD_OPTIONS: tuple[Option, ...] = (
    text("symptom", ("--symptom", "-s"), "What you saw: the literal error line."),
    text("validation", ("--validation", "-v"), "One line that proves or disproves the cause.", "COMMAND"),
    text(
        "confirms",
        ("--confirms",),
        "How its result is read: 'exit 0' (confirms the cause; another exit rules it out), 'exit non-zero',"
        " 'output' (a line matching --pattern confirms it) or 'nothing' (a probe).",
        "RULE",
    ),
    text(
        "pattern", ("--pattern",), "With --confirms output: a line matching this confirms the cause.", "REGEX"
    ),
    text(
        "rules_out", ("--rules-out",), "With --confirms output: a line matching this rules it out.", "REGEX"
    ),
    text("fix", ("--fix", "-f"), "What to change, with the exact API."),
    DOMAIN,
    text(
        "key",
        ("--key", "-k"),
        "Slug; made from the symptom if omitted (or, when it has no ASCII word, from the cause path, "
        "tags or domain).",
        "KEY",
    ),
    text("root_cause", ("--root-cause",), "Why it happens."),
    text("cause_path", ("--cause-path",), "Branch of the fault tree, e.g. 'IO bottleneck > num_workers'."),
    repeated("tags", ("--tag", "-t"), "A tag; repeat or separate with commas.", "TAG"),
    repeated("variants", ("--variant",), "Another literal form of the symptom.", "TEXT"),
    text("conditions", ("--conditions",), "How to reproduce it."),
    text("environment", ("--environment",), "Versions and env vars."),
    text("case", ("--case",), "The story, if worth keeping."),
    text("snippet", ("--snippet",), "A debugging snippet to keep."),
    text("source", ("--source",), "Where it comes from [default: own].", "SOURCE"),
    repeated("related", ("--related",), "Key of a related entry; repeatable.", "KEY"),
    repeated(
        "applies_to",
        ("--applies-to",),
        "Where the fix holds: torch>=2.1,<2.2, cuda<12.1, driver<535, compute_capability<8.0, os==linux;"
        " repeatable. With --env, kb proposes them.",
        "CONSTRAINT",
    ),
    text(
        "from_log",
        ("--from-log",),
        "Take the symptom from a log or traceback file ('-': stdin), and where in your code it failed.",
        "FILE",
    ),
    switch("from_last", ("--from-last",), "Take the symptom from your last search that found nothing."),
    switch(
        "from_last_run",
        ("--from-last-run",),
        "Take symptom, conditions and environment from the last failed kb run.",
    ),
    text("from_commit", ("--from-commit",), "Take the fix from a commit [REV: HEAD].", "REV", omitted="HEAD"),
    switch("from_triage", ("--from-triage",), "Finish the draft your last `kb triage` left."),
    path("from_file", ("--from-file",), "Read the entry from an entry file."),
    path("guards", ("--guards",), "Attach the [[guards]] tables of a TOML file (see kb export pre-commit)."),
    switch(
        "env",
        ("--env",),
        "Capture the environment baseline (Python, OS, GPUs, versions, env vars) and propose applies_to.",
    ),
    switch("edit", ("--edit", "-e"), "Write the entry in $EDITOR, from a template.", lean=False),
    switch("new", ("--new",), "Add it even if an entry looks the same."),
    switch("occurrence", ("--occurrence",), "If an entry looks the same, count this as another occurrence."),
    switch("force", ("--force",), "Keep a validation that fails the lint."),
    text("to", ("--to",), "The layer to write to (kb layers lists them) [default: personal].", "LAYER"),
    JSON,
    DB,
)


SHOW_OPTIONS: tuple[Option, ...] = (
    Option("key", (), "The entry's key.", "key", "KEY"),
    JSON._replace(lean=False),
    switch("snippet", ("--snippet",), "Print only the debugging snippet."),
)

LIST_OPTIONS: tuple[Option, ...] = (
    DOMAIN,
    text("tag", ("--tag", "-t"), "Only entries with this tag.", "TAG"),
    text("status", ("--status",), "active, archived or all.", "STATUS", default="active"),
    switch("unvalidated", ("--unvalidated",), "Only entries whose validation fails the lint.", lean=False),
    JSON._replace(lean=False),
)


def checked_status(status: str) -> str:
    """STATUS of `kb list --status`, or a UsageError that names the nearest one."""
    if status in LIST_STATUSES:
        return status
    import difflib

    nearest = difflib.get_close_matches(status, LIST_STATUSES, n=1)
    hint = f"did you mean '{nearest[0]}'?" if nearest else "use active, archived or all"
    raise UsageError(usage_message("kb list", f"unknown --status '{status}'; {hint}"))


def typer_only_flags(options: tuple[Option, ...]) -> frozenset[str]:
    """The flags that send a command line to Typer instead of the lean parser (help among them)."""
    return frozenset({"-h", "--help"}).union(*(option.flags for option in options if not option.lean))


def optional_values(options: tuple[Option, ...]) -> dict[str, str]:
    """Flag → the value it means when none follows it."""
    return {flag: option.omitted for option in options if option.omitted for flag in option.flags}


def parse_lean(prog: str, options: tuple[Option, ...], argv: list[str]) -> dict[str, Any]:
    """ARGV as the values Typer would pass for the same command line (Typer-only options at default).

    Not argparse: argparse and what it imports (gettext, locale, shutil) cost `kb search` about ten
    milliseconds. It reads what Typer reads, `--flag value`, `--flag=value`,
    `-f value`, `-fvalue`, switches, words anywhere and `--` before words that start with a dash
    (a dash followed by a digit is a word: `-100`), and reports errors in Typer's words.
    """
    by_flag = {flag: option for option in options if option.lean for flag in option.flags}
    values: dict[str, Any] = {option.name: option.default for option in options}
    words: list[str] = []
    position, only_words = 0, False
    while position < len(argv):
        arg = argv[position]
        position += 1
        if only_words or not arg.startswith("-") or arg == "-" or arg[1].isdigit():
            words.append(arg)
            continue
        if arg == "--":
            only_words = True
            continue
        flag, attached, value = arg.partition("=") if arg.startswith("--") else (arg[:2], arg[2:], arg[2:])
        option = by_flag.get(flag)
        if option is None:
            raise UsageError(usage_message(prog, _no_such_option(flag, options)))
        if option.kind == "switch":
            if attached:
                raise UsageError(usage_message(prog, f"option '{flag}' does not take a value"))
            values[option.name] = True
            continue
        if not attached:
            if position == len(argv):
                raise UsageError(usage_message(prog, f"option '{flag}' requires an argument"))
            value = argv[position]
            position += 1
        if option.kind == "repeated":
            values[option.name] = [*(values[option.name] or ()), value]
        elif option.kind == "path":
            from pathlib import Path  # only `kb add` has path options; `kb search` need not pay for it

            values[option.name] = Path(value)
        elif option.kind == "count":
            problem = count_problem(value)
            if problem:
                named = " / ".join(f"'{each}'" for each in option.flags)
                raise UsageError(usage_message(prog, f"invalid value for {named}: {problem}"))
            values[option.name] = int(value)
        else:
            values[option.name] = value
    for option in options:
        if option.kind == "words":
            values[option.name], words = words, []
        elif option.kind == "key":
            if not words:
                raise UsageError(usage_message(prog, f"missing argument '{option.metavar}'"))
            values[option.name], words = words[0], words[1:]
    if words:
        raise UsageError(usage_message(prog, f"got unexpected extra argument(s) ({' '.join(words)})"))
    return values


def _no_such_option(flag: str, options: tuple[Option, ...]) -> str:
    """What Typer says of an unknown FLAG, with the long flags it might have meant."""
    message = f"no such option: {flag}"
    if not flag.startswith("--"):
        return message
    import difflib

    known = ["--help", *(known for option in options for known in option.flags if known.startswith("--"))]
    possible = difflib.get_close_matches(flag, known)
    return f"{message} (Possible options: {', '.join(sorted(possible))})" if possible else message


def count_problem(value: str) -> str | None:
    """What is wrong with VALUE as a count (a whole number of at least 1), in both parsers' words."""
    whole = value[1:] if value.startswith("-") else value
    if not whole.isdigit():
        return f"'{value}' is not a whole number"
    return f"must be at least 1, not {int(value)}" if int(value) < 1 else None
