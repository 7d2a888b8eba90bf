"""The `kb search` face: its options, and how results are printed.

`kb search` is typed mid-incident, so the console script routes it here before Typer loads: a lean
parser (kb.cli.options.parse_lean, standard library only) instead of Typer's ~100 ms of imports.
`kb search --help` and every other command stay on Typer, whose `search` command builds the same
SearchArgs and calls the same run_search(). Both parsers are built from one table,
kb.cli.options.SEARCH_OPTIONS.
"""

import functools
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kb.cli.console import bold, echo, print_json, run_reporting_errors, width, wrap
from kb.cli.options import SEARCH_OPTIONS, parse_lean
from kb.entry.check_rule import with_options
from kb.entry.visible import command_line, shell_word, visible
from kb.errors import KbError, UsageError
from kb.paths import LogEnd, read_log_end, read_stream_end
from kb.records import Record

if TYPE_CHECKING:
    from kb.layers.config import Layer
    from kb.layers.everywhere import Found
    from kb.search.lookup import SearchResponse
    from kb.search.ranking import Scored


class SearchArgs(Record):
    query: Sequence[str] = ()
    file: str | None = None
    as_json: bool = False
    explain: bool = False
    limit: int = 5
    domain: str | None = None
    include_archived: bool = False
    exact: bool = False
    regex: bool = False
    env: bool = False
    db: str | None = None


def parse_search_args(argv: list[str]) -> SearchArgs:
    """Parse the arguments after `kb search` with the lean parser built from the option table."""
    return SearchArgs(**parse_lean("kb search", SEARCH_OPTIONS, argv))


def read_query(args: SearchArgs) -> tuple[str, LogEnd | None]:
    """The text to search for: the words given, standard input for `-`, or the --file; and, for a
    log, how much of it was read."""
    if args.file is not None:
        if args.query:
            raise UsageError("give either a query or --file, not both")
        path = args.file
        try:
            log = read_log_end(path)
            return log.data.decode("utf-8", errors="replace"), log
        except IsADirectoryError:
            raise KbError(f"{path} is a folder; --file takes a log file") from None
        except OSError as exc:
            raise KbError(f"cannot read {path}: {exc.strerror}") from None
    if list(args.query) == ["-"]:
        if sys.stdin.isatty():  # a person at the keyboard: say what kb is waiting for
            sys.stderr.write("kb: paste the error, then press Ctrl-D on a new line\n")
        log = read_stream_end(sys.stdin.buffer)
        return log.data.decode("utf-8", errors="replace"), log
    if not args.query:
        raise UsageError("nothing to search: kb search 'error text', or pipe a log into kb search -")
    return " ".join(args.query), None


def run_search(args: SearchArgs, layers: bool = True, only: "Layer | None" = None) -> int:
    """Search, print, and return the exit code: 0 for a confident match, 1 for none. LAYERS: search
    every layer (kb layers), not only the database args.db names; ONLY: that layer alone."""
    query, log = read_query(args)
    cut = log if log is not None and log.cut else None  # only its end was read
    found = search_text(query, args, layers, only)
    if found.layered:
        from kb.layers.shown import remember_shown

        records = [s.candidate.record for s in found.response.results]
        remember_shown(
            {str(record["key"]): str(record["layer"]) for record in records},
            {
                str(record["key"]): [str(other["layer"]) for other in record.get("also_in", ())]
                for record in records
            },
            {layer.name: layer.spec for layer in found.asked},
        )
    for layer in found.unreachable:  # the others answered: say so in one line each, and carry on
        sys.stderr.write(layer.line() + "\n")
    if args.as_json:
        data = found.response.as_json(args.explain)
        if found.layered:
            data["unreachable"] = [{"layer": u.layer, "reason": u.reason} for u in found.unreachable]
        if cut is not None:
            data["log_cut"] = {"read_bytes": len(cut.data), "log_bytes": cut.size}
        print_json(data)
    else:
        text = format_response(found.response, args.explain, width(), found.layered, args.limit)
        if cut is not None:
            text = f"{cut.note()}\n\n{text}"
        sys.stdout.write(text + "\n")
    return 0 if found.response.confident else 1


def search_text(text: str, args: SearchArgs, layers: bool = True, only: "Layer | None" = None) -> "Found":
    """Search TEXT with the options of ARGS (kb.layers.everywhere.search_layers)."""
    from kb.layers.everywhere import search_layers
    from kb.search.lookup import SearchOptions

    interpreter = None
    if args.env:  # the Python the user's code runs in, which may not be kb's
        from kb.machine import active_python

        interpreter = active_python()
    options = SearchOptions(
        limit=args.limit,
        domain=args.domain,
        include_archived=args.include_archived,
        exact=args.exact,
        regex=args.regex,
        record_usage=not args.explain,  # looking into why an entry ranked is not using it
        environment=args.env,
        interpreter=interpreter,
    )
    return search_layers(text, args.db, options, layers, lambda line: echo(f"kb: {line}", err=True), only)


def subject_line(shown: int, limit: int | None = None, whole: bool = True) -> str:
    """How many entries name a subject (`kb search cuda`): all there are when fewer than LIMIT came
    back; when LIMIT came back there may be more, so the line claims no count. WHOLE: each of them
    holds every word of it (entries_naming_it())."""
    from kb.search.lookup import entries_naming_it

    named = entries_naming_it(shown, limit, whole)
    cut = limit is not None and shown >= limit
    return f"{named[0].upper()}{named[1:]} (-n N shows up to N)" if cut else named


#: Why kb is not sure of the first result (Scored.doubt), said before the check that would settle it.
_WHY_NOT_SURE = {
    "everyday": "It reads as an everyday error",
    "type": "It shares only its exception type with the first entry",
    "class": "Its exception class, one of your own, is not the first entry's",
    "message": "It raises the first entry's exception class, one of your own, with another message",
    "library": "A library raises this message for many causes",
    "brief": "Many faults fit a few words",
}


def format_response(
    response: "SearchResponse", explain: bool, width: int, layered: bool = False, limit: int | None = None
) -> str:
    lines = _explained_reading(response) if explain else []
    checks = functools.partial(_check_lines, response, response.paste_values())
    lines += _headline(response, limit, checks)
    for rank, scored in enumerate(response.results, 1):
        lines += _result_lines(rank, scored, width, layered, explain, checks)
    return "\n".join(lines).rstrip()


def _explained_reading(response: "SearchResponse") -> list[str]:
    """How the paste was read, for --explain: its decisive line, signature and kind."""
    lines = [
        f"decisive:  {visible(response.query.decisive.line)}",
        f"signature: {visible(response.query.signature)}",
        f"read as:   {'an error' if response.query.kind == 'error' else 'a description'}",
    ]
    if response.query.foreign_runtime:
        lines.append(f"gate:      looks like {response.query.foreign_runtime}, not ML: nothing is confident")
    return [*lines, ""]


def _check_lines(
    response: "SearchResponse", values: "Mapping[str, str]", record: dict[str, Any], indent: str
) -> list[str]:
    """The entry RECORD's check as it will run for this paste (VALUES: what the paste gave), and how
    to run it when the paste gave it values."""
    if not record.get("validation"):
        return []
    if record.get("untrusted"):
        folder = shell_word(str(record["untrusted"]))
        return [f"{indent}(its check is not offered until you trust this folder: kb trust {folder})"]
    command, taken = response.check_of(record, values)
    shown = [f"{indent}$ {command_line(command)}"]
    guessed = response.guesses_of(record, taken)
    if guessed:
        shown.append(f"{indent}  ({guessed})")
    if taken:
        layer = record.get("layer")
        where = f"--layer {visible(str(layer))} " if layer and layer != "personal" else ""
        shown.append(f"{indent}  (kb {where}check {visible(record['key'])} {with_options(taken)})")
    return shown


def _headline(
    response: "SearchResponse", limit: int | None, checks: Callable[[dict[str, Any], str], list[str]]
) -> list[str]:
    """What the answer is, above its results: one of several faults (with their checks), a subject
    listed, or no confident match (with what would settle it); nothing above a confident answer."""
    lines: list[str] = []
    shared = response.one_of
    if shared:
        lines.append(f"One of {len(shared)} known faults raises this message; {response.one_of_apart()}:")
        for scored in shared:
            record = scored.candidate.record
            lines.append(f"    {visible(record['key'])}:")
            lines += checks(record, "        ")
        return [*lines, "", "Closest entries:"]
    if response.query.short and response.results:
        listed = subject_line(len(response.results), limit, response.named_whole)
        return [f"{listed}; paste the error itself to know which fault it is.", ""]
    if response.confident:
        return []
    lines.append("No confident match in the knowledge base.")
    if response.domain_guess:
        guess = response.domain_guess
        lines.append(f"Likely domain: {guess.domain} (keywords: {', '.join(guess.keywords[:5])})")
    if response.golden_checks:
        lines.append(f"Golden checks for {response.golden_checks.domain}: {response.golden_checks.title}")
        lines += [f"    {line}" for line in response.golden_checks.lines]
    if not response.results:
        return [*lines, "Record the fix when you find it: kb add"]
    settler = response.settler
    settle = checks(settler.candidate.record, "    ") if settler else []
    why = _WHY_NOT_SURE.get(settler.doubt or "") if settler else None
    if settle and why:
        lines += [f"{why}; to test the first entry's cause, run its check:", *settle]
    elif settle:
        lines += ["To test the first entry's cause, run its check:", *settle]
    elif not settler:
        first = response.results[0]
        if first.doubt == "foreign" and first.foreign:  # it may share many words: it is not ML's
            lines.append(f"It reads as {first.foreign} output, not an ML error's: kb tests no cause in it.")
        else:
            lines.append("The closest entries share little with it: kb offers none of their checks.")
    return [*lines, "", "Closest entries:"]


def _result_lines(
    rank: int,
    scored: "Scored",
    width: int,
    layered: bool,
    explain: bool,
    checks: Callable[[dict[str, Any], str], list[str]],
) -> list[str]:
    """One result: its rank, key, place and marks, its symptom, its check and its fix."""
    record = {k: visible(v) if isinstance(v, str) else v for k, v in scored.candidate.record.items()}
    mark = "  confident" if scored.confident else ""
    if scored.candidate.record.get("unmet"):
        mark += "  does not apply here: " + ", ".join(scored.candidate.record["unmet"])
    if scored.candidate.record.get("status") == "archived":
        mark += f"  archived (kb restore {record['key']})"
    where = f"{record['domain']} · {record['layer']}" if layered else record["domain"]
    if scored.candidate.record.get("untrusted"):
        where += ", untrusted"
    lines = [bold(f"{rank}. {record['key']}") + f"  [{where}]  score {scored.score:.0f}{mark}"]
    lines += _wrapped(record["symptom"], width, "   ")
    others = scored.candidate.record.get("also_in") or ()
    for item in others:  # one line each, never wrapped: it ends with a command to type
        lines.append("   also in " + _held_elsewhere(record["key"], item))
    lines += checks(scored.candidate.record, "   ")
    if record["fix"]:
        lines += _wrapped("fix: " + " ".join(record["fix"].split()), width, "   ", max_lines=3)
    if explain:
        lines += _wrapped("why: " + visible(scored.why), width, "   ")
        if scored.decided_by:
            lines += _wrapped("decided by: " + visible(scored.decided_by), width, "   ")
    return lines


def _held_elsewhere(key: str, item: dict[str, Any]) -> str:
    layer = visible(str(item["layer"]))
    if item["same"]:
        return f"{layer}, the same"
    return f"{layer}, with another text: kb --layer {layer} show {key}"


def _wrapped(text: str, width: int, indent: str, max_lines: int = 2) -> list[str]:
    lines = wrap(text, max(30, width - len(indent)))
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], lines[max_lines - 1][: max(0, width - len(indent) - 1)] + "…"]
    return [indent + line for line in lines]


def main(argv: list[str]) -> int:
    """The fast route: `kb search …` without Typer."""
    return run_reporting_errors(lambda: run_search(parse_search_args(argv)))
