"""What every command shares: the app, error reporting, the store, prompts and output helpers.

Heavy modules are imported inside the commands that need them, so that `kb --help` stays fast: the
store pulls in the database driver and, on a new or outdated database, the ORM that migrates it,
which help must never pay for.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from typer.core import TyperArgument, TyperCommand

from kb import __version__
from kb.cli.console import report_error, writes_so_far
from kb.cli.options import count_problem
from kb.domains import DOMAIN_NAMES, resolve_domain
from kb.entry.visible import shell_word
from kb.errors import KbError, UsageError

if TYPE_CHECKING:
    from kb.cli.options import Option
    from kb.layers.config import Layer
    from kb.store.entry_store import EntryStore
    from kb.store.record import Entry

F = TypeVar("F", bound=Callable[..., Any])


def _reporting_errors(command: F) -> F:
    """Every command reports its errors through kb.cli.console.report_error, as the fast faces do."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        before = writes_so_far()
        try:
            return command(*args, **kwargs)
        except (KbError, OSError, KeyboardInterrupt, EOFError, typer.Abort) as exc:
            raise typer.Exit(report_error(exc, before)) from None

    return run  # type: ignore[return-value]


class _NamedArgument(TyperArgument):
    """An argument whose help shows its value name (`KEY`), not also its Python type (`KEY <str>`)."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None


class KbCommand(TyperCommand):
    """Typer's command, with arguments shown by value name alone. Typer offers no setting for it,
    so the arguments it built are given the subclass that leaves the type out."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            if type(param) is TyperArgument and param.metavar:
                param.__class__ = _NamedArgument


class KbTyper(typer.Typer):
    """A Typer whose commands and callbacks (the global options: `kb --layer NAME`) report KbError as
    `kb: message` on stderr instead of a traceback."""

    def command(self, *args: Any, **kwargs: Any) -> Callable[[F], F]:
        kwargs.setdefault("cls", KbCommand)
        return _registering(super().command(*args, **kwargs))

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Run the command line, as Typer does, with the Click command built once per process.

        Typer builds the whole tree of commands from their signatures at every call (20 ms for kb's,
        in inspect.signature and get_type_hints); a process that runs several command lines (the
        test suite runs thousands) builds it again only when a command was registered since."""
        registered = (len(self.registered_commands), len(self.registered_groups))
        built = self.__dict__.get("_built")
        if built is None or built[0] != registered:
            built = self.__dict__["_built"] = (registered, typer.main.get_command(self))
        return built[1](*args, **kwargs)

    def callback(self, *args: Any, **kwargs: Any) -> Callable[[F], F]:
        return _registering(super().callback(*args, **kwargs))


def _registering(register: Callable[[F], F]) -> Callable[[F], F]:
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


#: ctx.meta's record of `kb --layer NAME`: the personal --db given, and the layer chosen.
LAYER = "kb_layer"


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
    layer: Annotated[
        str | None,
        typer.Option(
            "--layer",
            help="Work on one layer instead of the personal knowledge base (kb layers lists them).",
            show_default=False,
            metavar="LAYER",
        ),
    ] = None,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    """kb: record a fault within 15 minutes of fixing it, find it again in seconds."""
    ctx.obj = db
    if layer is not None:
        from kb.layers.config import find_layer
        from kb.layers.everywhere import layer_database

        chosen = find_layer(layer, db)
        ctx.meta[LAYER] = (db, chosen)
        ctx.obj = layer_database(chosen)


def follow_search(ctx: typer.Context, key: str, command: str) -> None:
    """Without `kb --layer`, make COMMAND act on the layer whose entry the last search showed for
    KEY (kb.layers.shown), and say so on stderr: search, show and check must mean one entry when
    several layers hold that key."""
    chosen = _layer_the_search_showed(ctx, key)
    if chosen is None:
        return
    from kb.layers.config import PERSONAL
    from kb.layers.everywhere import layer_database
    from kb.layers.shown import shown_also_in

    try:
        database = layer_database(chosen)
    except KbError:
        return  # the layer is gone since: the personal knowledge base answers, as without a search
    ctx.meta[LAYER] = (ctx.obj, chosen)
    ctx.obj = database
    own = f" (kb --layer {PERSONAL} {command} {key}: your own)" if PERSONAL in shown_also_in(key) else ""
    typer.echo(f"kb: {key} from the {chosen.name} layer, as your last search showed it{own}", err=True)


def say_a_write_is_not_the_shown_entry(ctx: typer.Context, key: str, command: str) -> None:
    """Before COMMAND changes the personal entry KEY, say so when the last search showed another
    layer's entry of that key: `kb rm frob` archived your own copy, never seen, while the project's
    one the search showed stayed, and only `archived frob` was said. A write to another layer is
    asked for by name (`kb --layer project rm frob`), so the command is not redirected."""
    chosen = _layer_the_search_showed(ctx, key)
    if chosen is None:
        return
    typer.echo(
        f"kb: {command} acts on your own {key}; your last search showed the {chosen.name} layer's"
        f" ({command_prefix(ctx)}--layer {chosen.name} {command} {key} acts on that one)",
        err=True,
    )


def _layer_the_search_showed(ctx: typer.Context, key: str) -> Layer | None:
    """The layer, other than the personal one, whose entry KEY the last search showed (no `kb
    --layer` given), when it is the layer this command would read: None for a layer gone since, or
    for another repository's folder (or a team layer that moved)."""
    if LAYER in ctx.meta:
        return None
    from kb.layers.config import PERSONAL, find_layer
    from kb.layers.shown import shown_layer, shown_where

    name = shown_layer(key)
    if name is None or name == PERSONAL:
        return None
    try:
        chosen = find_layer(name, ctx.obj)
    except KbError:
        return None
    return chosen if shown_where(name) in (None, chosen.spec) else None


def entry_named(ctx: typer.Context, store: EntryStore, key: str, command: str) -> Entry:
    """Entry KEY of STORE, for COMMAND. When the personal knowledge base has none (no --layer, no
    search to follow) and another layer has one, the error names that layer and the command that
    reaches it: a project's or the team's entry was "no entry with key" to `kb check KEY`."""
    from kb.errors import EntryNotFound

    try:
        return store.get(key)
    except EntryNotFound:
        if LAYER in ctx.meta:
            raise
        from kb.layers.everywhere import layers_holding

        held, unreachable = layers_holding(key, ctx.obj)
        if not held and unreachable:
            silent = unreachable[0]
            raise EntryNotFound(
                key,
                elsewhere=f"the {silent.layer} layer did not answer, so kb cannot say whether it holds one"
                f" ({silent.reason})",
            ) from None
        if not held:
            raise
        holders = (
            f"the {held[0]} layer holds it"
            if len(held) == 1
            else f"the {' and '.join(held)} layers each hold one"
        )
        reach = f"{command_prefix(ctx)}--layer {held[0]} {command} {key}"
        raise EntryNotFound(key, elsewhere=f"{holders}: {reach}") from None


def refuse_untrusted(ctx: typer.Context, key: str) -> None:
    """Refuse to run the check of an entry from a folder the user has not trusted (kb trust)."""
    if LAYER in ctx.meta and not ctx.meta[LAYER][1].trusted:
        from kb.layers.trust import TRUST_LAPSED, trust_state

        folder = ctx.meta[LAYER][1].spec
        why = TRUST_LAPSED.get(trust_state(folder))
        if why is not None:
            raise KbError(
                f"'{key}' comes from {folder}, {why}: kb runs no check you have not read (read them with"
                f" {command_prefix(ctx)}show {key}, then: kb trust {shell_word(folder)})"
            )
        raise KbError(
            f"'{key}' comes from {folder}, which you have not trusted: kb runs no check of a folder that"
            f" arrived with a repository until you say so (read it with {command_prefix(ctx)}show {key},"
            f" then: kb trust {shell_word(folder)})"
        )


def refuse_untrusted_guards(ctx: typer.Context, export: str) -> None:
    """Refuse to write the guards of a folder the user has not trusted into a hook or a test file: a
    guard's pattern runs at every commit, and a stranger's can hang it or block sound code."""
    if LAYER in ctx.meta and not ctx.meta[LAYER][1].trusted:
        folder = ctx.meta[LAYER][1].spec
        raise KbError(
            f"{folder} is not trusted: kb export {export} writes no guard of a folder that arrived with a"
            f" repository until you have read its entries ({command_prefix(ctx)}list) and said: kb trust"
            f" {folder}"
        )


def command_prefix(ctx: typer.Context) -> str:
    """How to type a kb command on the knowledge base this one works on: `kb `, `kb --db PATH ` or
    `kb --layer NAME ` (after the --db given: it is the personal layer), so that an undo it prints
    acts where the command did. A URL that holds a password is not echoed: shown with `***` it
    would not run, so the line names it `<your --db URL>` for the person to fill in."""
    given = ctx.meta[LAYER][0] if LAYER in ctx.meta else ctx.obj
    prefix = "kb "
    if given:
        import shlex

        from kb.paths import resolve_location

        shown = resolve_location(given).display() if "://" in given else given
        hidden = "***" in shown and "***" not in given
        prefix += "--db '<your --db URL>' " if hidden else f"--db {shlex.quote(shown)} "
    if LAYER in ctx.meta:
        prefix += f"--layer {ctx.meta[LAYER][1].name} "
    return prefix


def database_of(ctx: typer.Context, command: str) -> str | None:
    """The database spec a COMMAND that opens the store itself works on; `kb --layer` naming an entry
    folder is refused, since only open_kb() writes a folder's entries back to its files."""
    if LAYER in ctx.meta and ctx.meta[LAYER][1].kind == "folder":
        name = ctx.meta[LAYER][1].name
        raise UsageError(f"kb {command} works on a database; the layer '{name}' is an entry folder")
    return ctx.obj  # type: ignore[no-any-return]


def folder_source(ctx: typer.Context) -> str | None:
    """The entry folder layer the command works on (`kb --layer NAME`, or the layer of the entry
    the last search showed), or None for a database. A folder keeps entries, not their usage."""
    if LAYER in ctx.meta and ctx.meta[LAYER][1].kind == "folder":
        return str(ctx.meta[LAYER][1].name)
    return None


@contextmanager
def open_kb(ctx: typer.Context, remind: bool = True, to: str | None = None) -> Iterator[EntryStore]:
    """The store for a command. REMIND: say on stderr, at most once a day, when a review is overdue
    (commands printing --json pass False, so that their output stays pure). TO: the layer a write
    goes to (`kb add --to`), instead of the personal knowledge base."""
    personal = ctx.obj
    if to is None and LAYER in ctx.meta:  # kb --layer NAME …: an entry folder is written through
        personal, chosen = ctx.meta[LAYER]
        to = chosen.name if chosen.kind == "folder" else None
    if to is not None:
        from kb.layers.writing import write_target

        with write_target(personal, to) as target:
            yield target
        return
    from kb.store.seeding import open_knowledge_base  # deferred: the store and its driver

    store = open_knowledge_base(ctx.obj, notice=lambda line: typer.echo(f"kb: {line}", err=True))
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
    """The domain VALUE names, None when no --domain was given. An empty one (`-d "$DOMAIN"` with
    the variable unset) is refused: read as no filter, it exported every domain, saying nothing."""
    if value is not None and not value.strip():
        raise UsageError(f"--domain is empty; choose one of {', '.join(DOMAIN_NAMES)}")
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


def declared(options: tuple[Option, ...]) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Give a command `def command(ctx, **values)` the parameters of the option table OPTIONS.

    Typer reads a command's parameters from its signature, so the signature is built from the same
    rows the lean parser is built from (kb.cli.options). The command receives the values keyed by
    option name, exactly as the lean parser returns them.
    """
    context = inspect.Parameter("ctx", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=typer.Context)
    parameters = [context, *(_typer_parameter(option) for option in options)]

    def decorate(command: Callable[..., None]) -> Callable[..., None]:
        @functools.wraps(command)
        def with_values(ctx: typer.Context, **values: Any) -> None:
            for option in options:
                if option.kind == "words" and values[option.name] is None:
                    values[option.name] = []
            command(ctx, **values)

        with_values.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
        with_values.__annotations__ = {parameter.name: parameter.annotation for parameter in parameters}
        return with_values

    return decorate


def a_path(value: str | Path) -> Path:
    """A path option's value (its default comes as a Path already). An empty one is refused:
    `Path("")` is the current folder, and `kb import "$WIKI"` with WIKI unset imported every entry
    file of the folder it ran in."""
    if isinstance(value, Path):
        return value
    if not value.strip():
        raise typer.BadParameter("an empty path: name a file or a folder (`.` for this one)")
    return Path(value)


def _count(value: str) -> int:
    """A count option's value, refused in the lean parser's words (kb.cli.options.count_problem)."""
    problem = count_problem(str(value))
    if problem:
        raise typer.BadParameter(problem)
    return int(value)


def _typer_parameter(option: Option) -> inspect.Parameter:
    if option.kind == "words":
        info: Any = typer.Argument(help=option.help, show_default=False, metavar=option.metavar)
        annotation: Any = list[str] | None
    elif option.kind == "key":
        info = typer.Argument(help=option.help, show_default=False, metavar=option.metavar)
        annotation = str
    elif option.kind == "switch":
        info = typer.Option(*option.flags, help=option.help)
        annotation = bool
    else:
        settings: dict[str, Any] = {"help": option.help, "metavar": option.metavar}
        if option.kind == "count":
            settings["parser"] = _count
        elif option.kind == "path":
            settings["parser"] = a_path
            settings["show_default"] = False
        else:
            settings["show_default"] = False
        info = typer.Option(*option.flags, **settings)
        annotation = {"text": str | None, "path": Path | None, "repeated": list[str] | None, "count": int}[
            option.kind
        ]
    return inspect.Parameter(
        option.name,
        inspect.Parameter.KEYWORD_ONLY,
        default=inspect.Parameter.empty if option.kind == "key" else option.default,
        annotation=Annotated[annotation, info],
    )
