"""The `kb` console script and `python -m kb`.

`kb search` is routed to a lean stdlib parser before Typer is imported, because it is typed in the
middle of an incident and Typer's imports alone cost more than the search. `kb search --help` and
every other command go through Typer (kb.cli).
"""

from __future__ import annotations

import sys


def main() -> None:
    argv = sys.argv[1:]
    if argv[:1] == ["search"] and not {"-h", "--help", "--show-completion", "--install-completion"} & set(
        argv
    ):
        from kb.search_cli import main as search_main

        sys.exit(search_main(argv[1:]))
    from kb.cli import app

    app()


if __name__ == "__main__":
    main()
