"""`kb add`: record a fault within minutes of fixing it.

On a terminal, with no flags, it asks for the symptom (and says at once when the fault is known),
the validation, the fix and the root cause; the domain and tags are suggested and accepted with
Enter, a cause path only when kb is sure which known fault this is. The symptom can come from a log
(`--from-log`) or from the last search that found nothing (`--from-last`), the fix from a commit
(`--from-commit`), everything from a triage draft (`--from-triage`). A fault that is already known is
counted again instead of copied. Nothing is written until every question is answered.

Like `kb search`, the console script routes `kb add` to a lean stdlib twin (kb/cli/fast_add.py) before
Typer loads, except for `--help` and `--edit`; both parse with the table kb.cli.options.ADD_OPTIONS,
build the same request and call the same kb.capture.recording.record_entry(). This module is what
`kb add --help`, `--edit` and the tests use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from kb.cli import common, console
from kb.cli.common import app
from kb.cli.entries import edit_until_valid
from kb.cli.options import ADD_OPTIONS

if TYPE_CHECKING:
    from kb.capture.adding import EntryFlags
    from kb.capture.recording import Prefill
    from kb.entry.content import EntryContent


@app.command()
@common.declared(ADD_OPTIONS)
def add(ctx: typer.Context, **values: Any) -> None:
    """Record a fault: symptom → validation → fix. Prompts for what is missing on a terminal."""
    from kb.cli.fast_add import request

    if values["db"]:
        ctx.obj = values["db"]
    given, fill, switches = request(values)
    record_entry(ctx, given, fill, edit=values["edit"], to=values["to"], **switches)


def record_entry(
    ctx: typer.Context,
    given: EntryFlags,
    fill: Prefill,
    *,
    edit: bool = False,
    new: bool = False,
    occurrence: bool = False,
    force: bool = False,
    as_json: bool = False,
    to: str | None = None,
) -> None:
    """The whole of `kb add`, also offered at the end of `kb triage`. TO: the layer to write to."""
    from kb.capture.recording import record_entry as record

    def edit_template(flags: EntryFlags) -> EntryContent:
        from kb.capture.adding import template_for

        return edit_until_valid(template_for(flags), "new-entry", force)

    from kb.layers.writing import other_layers

    ask = console.TerminalAsker() if console.interactive() else None
    personal, chosen = ctx.meta.get(common.LAYER, (ctx.obj, None))
    elsewhere = other_layers(personal, to or (chosen.name if chosen is not None else None))
    with common.open_kb(ctx, remind=not as_json, to=to) as store:
        recorded = record(
            store,
            given,
            fill,
            ask=ask,
            say=lambda message: typer.echo(message, err=True),
            new=new,
            occurrence=occurrence,
            force=force,
            edit=edit_template if edit else None,
            elsewhere=elsewhere,
        )
    from kb.cli.output import report_recorded

    layer = ctx.meta[common.LAYER][1].name if common.LAYER in ctx.meta else None
    report_recorded(recorded, as_json, console.print_json, typer.echo, to or layer)
