"""The `kb` console script and `python -m kb`.

`kb search` and `kb add` are routed to lean stdlib parsers before Typer is imported: search is typed
in the middle of an incident, and Typer's imports alone cost more than the search; add should cost
little more than the ORM it writes with. The plain forms of `kb show` and `kb list`, typed right
after a search, read through the same lean reader (kb.cli.fast_read), and `kb run`, a wrapper that
must start at once, goes straight to kb.cli.run. Their `--help` (and `kb add
--edit`) and every other command go through Typer (kb.cli).
"""

from __future__ import annotations

import sys

#: New objects between two collections of the young generation in a kb process (Python's is 700).
YOUNG_COLLECTION = 50_000


def fill_optional_values(argv: list[str]) -> list[str]:
    """Typer options always take a value; give the ones that may omit it (`kb add --from-commit`
    is HEAD) their default."""
    from kb.cli.options import ADD_OPTIONS, optional_values  # not on `kb run`'s way: it starts at once

    optional = optional_values(ADD_OPTIONS)
    filled: list[str] = []
    for index, arg in enumerate(argv):
        filled.append(arg)
        following = argv[index + 1] if index + 1 < len(argv) else None
        if arg in optional and (following is None or following.startswith("-")):
            filled.append(optional[arg])
    return filled


def main() -> None:
    # An argument that is not UTF-8 arrives as lone surrogates, which no database or terminal takes:
    # each such byte becomes U+FFFD, as a UTF-8 decoder would show it.
    argv = [arg.encode("utf-8", "surrogateescape").decode("utf-8", "replace") for arg in sys.argv[1:]]
    if argv[:1] == ["run"] and argv[1:2] not in (["-h"], ["--help"]):
        from kb.cli.run import run
        from kb.integrations.process import end_by_signal, shell_status

        ended = run(sys.argv[2:])  # the command's own arguments, byte for byte
        if ended < 0:
            end_by_signal(-ended)  # as the command was: a shell's loop stops at a Ctrl-C
        sys.exit(shell_status(ended))
    try:
        _command(argv)
    except KeyboardInterrupt as interrupt:  # Ctrl-C before a command's own handling began (its imports)
        from kb.cli.console import report_error

        sys.exit(report_error(interrupt))
    except (ImportError, AttributeError, TypeError):
        from kb.cli.installation import unmet_requirements

        unmet = unmet_requirements()
        if not unmet:
            raise
        print(
            f"kb: this environment does not hold what kb needs: {'; '.join(unmet)}. Install kb in a venv"
            " of its own, as the README's first lines do",
            file=sys.stderr,
        )
        sys.exit(1)


def pastes_as_words(argv: list[str]) -> list[str]:
    """ARGV with each argument that starts with a dash and holds a line break moved behind `--`: a
    paste, not an option. IPython's and Jupyter's tracebacks open with a rule of dashes, and
    `kb search "$(cat error.txt)"` was refused as `no such option: -----…`."""
    if "--" in argv:
        return argv
    pasted = [index for index, arg in enumerate(argv) if index and arg.startswith("-") and "\n" in arg]
    if not pasted:
        return argv
    kept = [arg for index, arg in enumerate(argv) if index not in pasted]
    return [*kept, "--", *(argv[index] for index in pasted)]


def _command(argv: list[str]) -> None:
    """Run the command ARGV names: the lean paths first, then Typer."""
    from kb.cli.console import fit_output_to_locale, standard_streams_open

    if not standard_streams_open():
        sys.exit(1)
    fit_output_to_locale()  # `kb run` prints on stderr alone, which never fails
    if argv[:1] == ["search"]:
        argv = pastes_as_words(argv)
    if argv[:1] == ["search"] and not {"-h", "--help", "--show-completion", "--install-completion"} & set(
        argv
    ):
        from kb.cli.fast_search import main as search_main

        sys.exit(search_main(argv[1:]))
    if argv[:1] in (["show"], ["list"]):
        from kb.cli.fast_read import list_main, show_main

        code = (show_main if argv[0] == "show" else list_main)(argv[1:])
        if code is not None:
            sys.exit(code)
    if argv[:1] == ["add"]:
        from kb.cli.fast_add import TYPER_ONLY
        from kb.cli.fast_add import main as add_main

        if not TYPER_ONLY & set(argv):
            sys.exit(add_main(fill_optional_values(argv[1:])))
    from kb.cli.app import run

    sys.exit(run(fill_optional_values(argv)))


def console_script() -> None:
    """The `kb` command (and `python -m kb`): main(), with the cyclic garbage collector kept to the
    work that can give it garbage.

    Most of what a command makes lives until it exits (the modules it imports, their functions and
    classes), and with Python's default a collection of the young generation ran every 700 new
    objects: 15 while a search imported and read, finding nothing (6 million instructions of its
    205). Every YOUNG_COLLECTION objects, kb tui's own figure, they run as often as a long session
    needs. At exit Python collects twice over everything still alive, to free memory the process
    gives back whole (16 million): frozen first, those objects are left to the operating system;
    exit still closes files, runs atexit's handlers and flushes output. Tests call main() in their
    own process, which keeps Python's defaults."""
    import gc

    gc.set_threshold(YOUNG_COLLECTION, *gc.get_threshold()[1:])
    try:
        main()
    finally:
        gc.freeze()


if __name__ == "__main__":
    console_script()
