"""What every command shares: the app, error reporting, the store, prompts and output helpers.

Heavy modules are imported inside the commands that need them, so that `kb --help` stays fast: the
store pulls in the ORM (~0.3 s), which help and the read-only fast paths must never pay for.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from kb import __version__
from kb.cli.console import report_error
from kb.domains import DOMAIN_NAMES, resolve_domain
from kb.errors import KbError

if TYPE_CHECKING:
    from kb.store.entry_store import EntryStore

F = TypeVar("F", bound=Callable[..., Any])


def _reporting_errors(command: F) -> F:
    """Every command reports its errors through kb.cli.console.report_error, as the fast faces do."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except (KbError, KeyboardInterrupt, EOFError, typer.Abort) as exc:
            raise typer.Exit(report_error(exc)) from None

    return run  # type: ignore[return-value]


class KbTyper(typer.Typer):
    """A Typer whose commands report KbError as `kb: message` on stderr instead of a traceback."""

    def command(self, *args: Any, **kwargs: Any) -> Callable[[F], F]:
        register = super().command(*args, **kwargs)

        def decorator(function: F) -> F:
            register(_reporting_errors(function))
            return function

        return decorator


app = KbTyper(
    name="kb",
    help="A personal fault knowledge base: symptom → one-line validation → fix.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"kb {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    ctx: typer.Context,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="Database file or SQLAlchemy URL [env: KB_DB]",
            show_default=False,
            metavar="PATH|URL",
        ),
    ] = None,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    """kb: record a fault within 15 minutes of fixing it, find it again in seconds."""
    ctx.obj = db


@contextmanager
def open_kb(ctx: typer.Context, remind: bool = True) -> Iterator[EntryStore]:
    """The store for a command. REMIND: say on stderr, at most once a day, when a review is overdue
    (commands printing --json pass False, so that their output stays pure)."""
    from kb.upkeep.seeding import open_knowledge_base  # deferred: opening the store costs the ORM import

    store = open_knowledge_base(ctx.obj)
    try:
        if remind:
            from kb.upkeep.review import review_interval, review_reminder

            message = review_reminder(store, review_interval())
            if message:
                typer.echo(message, err=True)
        yield store
    finally:
        store.close()


def domain_or_none(value: str | None) -> str | None:
    return resolve_domain(value) if value else None


DomainOption = Annotated[
    str | None,
    typer.Option(
        "--domain",
        "-d",
        help=f"Fault domain: {', '.join(DOMAIN_NAMES)}.",
        show_default=False,
        metavar="DOMAIN",
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")]
KeyArgument = Annotated[str, typer.Argument(help="The entry's key.", show_default=False, metavar="KEY")]
