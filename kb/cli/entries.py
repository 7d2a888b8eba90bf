"""Commands on single entries: show, edit, list, rm, restore (add has its own module)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from kb.cli import common, console
from kb.cli.common import app
from kb.cli.options import LIST_OPTIONS, SHOW_OPTIONS, checked_status
from kb.entry.visible import shell_word, visible
from kb.errors import (
    Cancelled,
    EditConflict,
    EntryNotFound,
    KbError,
    KeyTaken,
    LeftMeanwhile,
    UsageError,
    failure_text,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    from kb.entry.content import EntryContent
    from kb.store.entry_store import EntryStore
    from kb.store.record import Entry, EntryChange


def edit_until_valid(
    text: str,
    name: str,
    force: bool,
    refuse: Callable[[EntryContent], None] | None = None,
    unchanged: EntryContent | None = None,
) -> EntryContent:
    """Open $EDITOR until the entry parses and REFUSE (which raises KbError) lets it be; on abort keep
    the text as a draft. Nothing is lost. Text left as it was is UNCHANGED, when given, as it is: an
    entry saved with --force is not refused for what it already held."""
    from kb.capture import adding as capture
    from kb.capture.editor import edit_text, save_draft

    opened = text
    while True:
        text = edit_text(text, name)
        if unchanged is not None and text == opened:
            return unchanged
        try:
            content = capture.content_from_text(text, force=force)
            if refuse is not None:
                refuse(content)
            return content
        except KbError as exc:
            typer.echo(console.error_line(exc), err=True)
            if console.interactive() and typer.confirm("Re-open the editor?", default=True):
                continue
            draft = save_draft(text, name)
            raise Cancelled(f"not saved; your text is kept in {draft}") from None


@app.command()
@common.declared(SHOW_OPTIONS)
def show(ctx: typer.Context, key: str, as_json: bool, snippet: bool) -> None:
    """Show one entry, readable on an 80-column terminal."""
    from kb.entry.terminal import format_entry

    common.follow_search(ctx, key, "show")
    with common.open_kb(ctx, remind=not as_json) as store:
        entry = common.entry_named(ctx, store, key, "show")
        moved = {k: w for k in entry.related if store.find(k) is None and (w := store.went(k))}
        usage_kept = store.keeps_usage
    layer = ctx.meta[common.LAYER][1] if common.LAYER in ctx.meta else None
    untrusted = layer.spec if layer is not None and not layer.trusted and entry.validation else None
    if untrusted:  # a stranger's command, shown as text: nothing offers to run it yet
        typer.echo(
            f"kb: {visible(untrusted)} is not trusted: its check is shown as text; kb runs it only after"
            f" you have read it and said kb trust {shell_word(untrusted)}",
            err=True,
        )
    if as_json:
        console.print_json({**entry.record(usage_kept), **({"untrusted": untrusted} if untrusted else {})})
    elif snippet:
        if not entry.snippet:
            raise KbError(f"entry '{key}' has no snippet")
        typer.echo(visible(entry.snippet))  # a teammate's text: nothing in it acts on the terminal
    else:
        facts = entry.facts()
        if common.folder_source(ctx) is not None:  # the index's dates are when it was built, not the entry's
            facts = (
                f"{entry.status} · an entry folder keeps no usage or dates (its repository's git log does)"
            )
        typer.echo(format_entry(entry.content(), facts, console.width(), console.bold, moved))


@app.command()
def history(
    ctx: typer.Context,
    key: common.KeyArgument,
    version: Annotated[
        int | None,
        typer.Option(
            "--version",
            help="Print version N in full, as an entry file (kb import takes it back).",
            metavar="N",
            show_default=False,
        ),
    ] = None,
    as_json: common.JsonOption = False,
) -> None:
    """Every recorded change of an entry's text: who, when, what changed, oldest first. Versions a
    settled conflict, a merge or an archive left behind are kept here too: nothing anyone wrote is
    lost. An occurrence that adds nothing to the text is counted by kb show (seen Nx), not listed."""
    from kb.entry.file import render_entry_file
    from kb.entry.merging import changed_fields
    from kb.store.record import CHANGE_ACTIONS

    common.follow_search(ctx, key, "history")
    with common.open_kb(ctx, remind=not as_json) as store:
        changes = store.history(key)
        if not changes:
            common.entry_named(ctx, store, key, "history")  # no such entry: the usual error
        before_rename = _content_before_rename(store, key, changes)
    if version is not None:
        chosen = next((change for change in changes if change.number == version), None)
        if chosen is not None and chosen.content is None:
            raise UsageError(_holds_no_entry(key, chosen, common.command_prefix(ctx)))
        if chosen is None or chosen.content is None:
            known = ", ".join(str(c.number) for c in changes if c.content is not None) or "none"
            raise UsageError(f"'{key}' has no version {version} (versions: {known})")
        if as_json:
            console.print_json(chosen.content.as_dict())
        else:
            typer.echo(visible(render_entry_file(chosen.content)), nl=False)
        return
    rows: list[dict[str, Any]] = []
    previous = before_rename  # a rename that also moved the domain says so
    for change in changes:
        fields = changed_fields(previous, change.content) if change.content is not None else ()
        if change.content is not None and change.action != "kept-aside":
            previous = change.content
        rows.append(
            {
                "version": change.number,
                "at": change.at.strftime("%Y-%m-%dT%H:%M:%SZ"),
                "author": change.author,
                "action": change.action,
                "detail": change.detail,
                "fields": list(fields),
                "content": change.content.as_dict() if change.content is not None else None,
            }
        )
    if as_json:
        console.print_json({"key": key, "changes": rows})
        return
    if not rows:
        chosen = ctx.meta[common.LAYER][1] if common.LAYER in ctx.meta else None
        if chosen is not None and chosen.kind == "folder":
            typer.echo(f"{key}: an entry folder keeps no history of its own; its repository's does (git log)")
        else:
            typer.echo(f"{key}: no changes recorded (kb records them from version 10 of its database on)")
        return
    from datetime import UTC

    typer.echo(f"history of {key}, oldest first, times by this machine's clock:")
    for row, change in zip(rows, changes, strict=True):
        what = ", ".join(row["fields"])
        detail = "; ".join(part for part in (row["detail"], what) if part)
        stored = change.at if change.at.tzinfo else change.at.replace(tzinfo=UTC)  # the store keeps UTC
        # A person reads their own clock's time, each with its zone: a summer's CEST, a winter's CET.
        at = stored.astimezone().strftime("%Y-%m-%d %H:%M %Z")
        typer.echo(
            f"  {row['version']:>3}  {at}  {visible(row['author']):<16}"
            f"  {CHANGE_ACTIONS.get(row['action'], row['action']):<12}  {visible(detail)}".rstrip()
        )
    typer.echo(f"see one in full: {common.command_prefix(ctx)}history {key} --version N")


def _holds_no_entry(key: str, change: EntryChange, prefix: str) -> str:
    """Why CHANGE, a version `kb history KEY` lists, has no entry to print: the entry went on under
    another key (renamed, merged), or it was purged."""
    if change.went_to is not None:
        how = "merge into" if change.action == "merged" else "rename to"
        return (
            f"version {change.number} of '{key}' is its {how} {change.went_to}, which holds the entry"
            f" from then on: {prefix}history {change.went_to}"
        )
    return f"version {change.number} of '{key}' records that it was {change.action}: it holds no entry"


def _content_before_rename(
    store: EntryStore, key: str, changes: Sequence[EntryChange]
) -> EntryContent | None:
    """The last content recorded under the key entry KEY was renamed from, before that rename, when
    its history starts with it: what the rename changed is read against it, not against an entry
    added under the old key since."""
    if not changes or changes[0].action != "renamed" or not changes[0].detail.startswith("from "):
        return None
    old = store.history(changes[0].detail.removeprefix("from "))
    renames = [
        n for n, change in enumerate(old) if change.action == "renamed" and change.detail == f"to {key}"
    ]
    before = old[: renames[0]] if renames else old  # the rename that began its history
    return next((change.content for change in reversed(before) if change.content is not None), None)


@app.command()
def edit(
    ctx: typer.Context,
    key: common.KeyArgument,
    force: Annotated[bool, typer.Option("--force", help="Keep a validation that fails the lint.")] = False,
    guards: Annotated[
        Path | None,
        typer.Option(
            "--guards",
            help="Attach the [[guards]] tables of a TOML file instead of opening the editor.",
            show_default=False,
            metavar="FILE",
            parser=common.a_path,
        ),
    ] = None,
    applies_to: Annotated[
        list[str] | None,
        typer.Option(
            "--applies-to",
            help="Set where the fix holds instead of opening the editor (repeat; '' for anywhere):"
            " torch>=2.1,<2.2, cuda<12.1, driver<535, compute_capability<8.0, os==linux.",
            show_default=False,
            metavar="CONSTRAINT",
        ),
    ] = None,
) -> None:
    """Edit an entry in $EDITOR. An invalid result can be re-opened or aborted; nothing is lost.
    --guards and --applies-to change the entry without the editor, for scripts."""
    from kb.capture.adding import read_guards_file, with_guards
    from kb.entry.constraints import check_constraints
    from kb.entry.content import normalized
    from kb.entry.file import render_entry_file

    added = read_guards_file(guards) if guards else None
    scope = check_constraints(key, applies_to) if applies_to is not None else None
    with common.open_kb(ctx) as store:
        before = common.entry_named(ctx, store, key, "edit").content()
        common.say_a_write_is_not_the_shown_entry(ctx, key, "edit")
        after = before
        if added is not None:
            after = after.replace(guards=with_guards(before.guards, added))
        if scope is not None:
            after = after.replace(applies_to=scope)
        if added is None and scope is None:
            after = edit_until_valid(
                render_entry_file(before), key, force, a_taken_key_refused(store, key), unchanged=before
            )
        if after == before:
            typer.echo(f"no changes to {key}")
            return
        entry = save_edit(ctx, store, key, after, before)
        meanwhile = entry.key in store.merged_meanwhile or entry.content() != normalized(after)
    said = " (with the change someone made meanwhile)" if meanwhile else ""
    if entry.status == "archived" and before.status != "archived":  # archived meanwhile (a sync)
        said += f"; it is archived ({common.command_prefix(ctx)}restore {entry.key} brings it back)"
    typer.echo(f"saved {entry.key}{said}")


def a_taken_key_refused(store: EntryStore, key: str) -> Callable[[EntryContent], None]:
    """For edit_until_valid(): an edit of KEY that renames it to a key another entry has is refused
    as an invalid entry is (re-opened on a terminal, kept as a draft otherwise)."""

    def refuse(content: EntryContent) -> None:
        if content.key != key and store.find(content.key) is not None:
            raise KbError(
                f"an entry with key '{content.key}' already exists: keep '{key}' or give a free key"
            )

    return refuse


def save_edit(
    ctx: typer.Context, store: EntryStore, key: str, after: EntryContent, before: EntryContent
) -> Entry:
    """Save the edit of KEY from BEFORE to AFTER (`kb edit`, `e` at `kb review`). Refused, because
    someone changed the entry meanwhile or deleted it, or because a folder layer's file or folder
    refused the write, the edited text is kept as a draft and the error names it: nothing typed is
    lost."""
    from kb.capture.editor import save_draft
    from kb.entry.file import render_entry_file

    layer = ctx.meta[common.LAYER][1].name if common.LAYER in ctx.meta else None  # where the hints act
    try:
        return store.update(key, after, started_from=before)
    except EditConflict as conflict:
        kept = save_draft(render_entry_file(after), key)
        raise EditConflict(conflict.key, conflict.fields, saved_to=str(kept), layer=layer) from None
    except LeftMeanwhile as left:  # archived or renamed in the folder by a pull while the editor was open
        kept = save_draft(render_entry_file(after), key)
        raise LeftMeanwhile(left.key, left.how, left.into, saved_to=str(kept), layer=layer) from None
    except KeyTaken as taken:  # a key someone added while the editor was open
        kept = save_draft(render_entry_file(after), key)
        raise KbError(
            f"an entry with key '{taken.key}' already exists, so '{key}' was not saved: your text is"
            f" kept in {kept}; kb edit {key} and give a free key"
        ) from None
    except EntryNotFound:  # merged, renamed or purged while the editor was open
        kept = save_draft(render_entry_file(after), key)
        raise _gone_meanwhile(store, key, kept, common.command_prefix(ctx)) from None
    except (KbError, OSError) as refused:  # a folder layer's file a pull left unreadable (a merge
        # conflict) while the editor was open, a folder that refused the write, a server restarted
        # meanwhile, a database another writer held locked too long
        kept = save_draft(render_entry_file(after), key)
        raise KbError(f"{failure_text(refused)}; not saved: your text is kept in {kept}") from None


def _gone_meanwhile(store: EntryStore, key: str, kept: Path, prefix: str) -> KbError:
    """The error for an edit of KEY, kept as the draft KEPT, that found no KEY to save into: a
    teammate merged it into another entry or renamed it (its history's last change says which), or
    purged it. Every such edit was said to be of an entry purged (`kb rm --purge`), with `kb add
    --from-file` to bring it back: after a merge, that made the merged fault two entries again."""
    last = store.history(key)[-1:]
    went_to = last[0].went_to if last else None
    if went_to is not None:
        how = "merged into" if last[0].action == "merged" else "renamed to"
        return KbError(
            f"'{key}' was {how} {went_to} while you edited it: not saved; your text is kept in"
            f" {kept}; {prefix}edit {went_to} to make your change there"
        )
    return KbError(
        f"'{key}' was deleted while you edited it (kb rm --purge): your text is kept in {kept};"
        f" kb add --from-file {kept} adds it back"
    )


@app.command("list")
@common.declared(LIST_OPTIONS)
def list_entries(
    ctx: typer.Context, domain: str | None, tag: str | None, status: str, unvalidated: bool, as_json: bool
) -> None:
    """List entries, filtered by domain, tag and status."""
    from kb.cli.fast_read import listing_widths
    from kb.entry.terminal import listed_symptom, streamed_table

    checked_status(status)
    chosen, domain = None if status == "all" else status, common.domain_or_none(domain)
    with common.open_kb(ctx, remind=not as_json) as store:
        if as_json or unvalidated:
            entries = store.list(domain, tag, chosen, unvalidated)
            if as_json:
                console.print_json([e.record(store.keeps_usage) for e in entries])
                return
            rows: Iterable[tuple[str, str, str]] = [
                (e.key, e.domain, listed_symptom(e.symptom, e.status)) for e in entries
            ]
        else:
            each = store.each(domain, tag, chosen)
            rows = ((e.key, e.domain, listed_symptom(e.symptom, e.status)) for e in each)
        shown = ((visible(key), visible(in_domain), visible(symptom)) for key, in_domain, symptom in rows)
        if not console.print_lines(streamed_table(shown, console.width(), listing_widths(domain))):
            typer.echo("no entries match", err=True)


@app.command()
def rm(
    ctx: typer.Context,
    key: common.KeyArgument,
    purge: Annotated[
        bool,
        typer.Option(
            "--purge",
            help="Delete it from the knowledge base instead of archiving it (kb history KEY still"
            " shows what it said).",
        ),
    ] = False,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask before --purge.")] = False,
) -> None:
    """Archive an entry (undo with `kb restore`); --purge deletes it after a confirmation."""
    again = common.command_prefix(ctx)
    with common.open_kb(ctx) as store:
        entry = common.entry_named(ctx, store, key, "rm")
        common.say_a_write_is_not_the_shown_entry(ctx, key, "rm")
        if not purge:
            if entry.status == "archived" or not store.set_status(key, "archived"):
                typer.echo(f"{key} is already archived; bring it back with: {again}restore {key}")
                return
            typer.echo(f"archived {key}; undo with: {again}restore {key}")
            return
        if not yes:
            if not console.interactive():
                raise KbError("--purge deletes for good; add --yes to confirm when not on a terminal")
            if not typer.confirm(f"Delete '{key}' ({visible(entry.symptom[:50])}) for good?", default=False):
                raise Cancelled("not deleted")
        store.purge(key, as_shown=None if yes else entry)  # what the person said yes to, or nothing
    if common.folder_source(ctx) is not None:  # kb.layers.folder_index: a purge leaves its tombstone
        typer.echo(f"deleted {key}; its tombstone (archived/{key}.toml) keeps a sync from bringing it back")
        return
    # The store keeps every change with what the entry said (EntryStore.purge): said, not hidden.
    typer.echo(f"deleted {key}; its history still holds what it said: {again}history {key}")


@app.command()
def copy(
    ctx: typer.Context,
    key: common.KeyArgument,
    to: Annotated[
        str,
        typer.Option("--to", help="The layer to copy it to (kb layers lists them).", metavar="LAYER"),
    ],
    replace: Annotated[
        bool, typer.Option("--replace", help="Overwrite the entry the layer holds under that key.")
    ] = False,
) -> None:
    """Copy an entry to another layer: a personal entry to the team, a project's to your own. It
    works on the entry your last search showed (or kb --layer LAYER copy …); a different entry
    under the same key there is overwritten only with --replace."""
    from kb.layers.config import find_layer
    from kb.layers.writing import write_target

    common.follow_search(ctx, key, "copy")
    personal, chosen = ctx.meta.get(common.LAYER, (ctx.obj, None))
    here = chosen.name if chosen is not None else "personal"
    target = find_layer(to, personal).name
    if chosen is not None and chosen.kind == "folder":  # a project's .kb/ the user has not read
        from kb.layers.trust import refuse_an_unread_project_folder

        refuse_an_unread_project_folder(chosen.spec, "kb copy")
    with common.open_kb(ctx, remind=False) as store:
        content = common.entry_named(ctx, store, key, "copy").content()
    if target == here:
        raise UsageError(f"'{key}' is in the {here} layer already; --to names another layer")
    if content.status != "active":
        again = f"kb --layer {here} " if here != "personal" else "kb "
        raise KbError(
            f"'{key}' is archived in the {here} layer; restore it first ({again}restore {key}) to copy it"
        )
    with write_target(personal, target) as store:
        existing = store.find(key)
        theirs = existing.content() if existing is not None else None
        if theirs == content:
            typer.echo(f"the {target} layer holds the same {key} already")
            return
        archived = theirs is not None and theirs.status != "active"
        if theirs is not None and archived and theirs.replace(status="active") == content and not replace:
            raise KbError(
                f"the {target} layer holds '{key}' archived, with the same text; bring it back there with:"
                f" kb --layer {target} restore {key}"
            )
        if theirs is not None and not replace:
            state = "archived, with another text" if archived else "with another text"
            raise KbError(
                f"the {target} layer holds '{key}' {state} (kb --layer {target} show {key});"
                " add --replace to overwrite it"
            )
        try:
            if theirs is None:
                store.add(content)
            else:
                store.update(key, content, started_from=theirs)
        except (KeyTaken, EditConflict):  # another copy or edit landed there since kb looked
            raise KbError(
                f"the {target} layer's '{key}' was written by someone else while this copy ran: not"
                f" copied; see it with kb --layer {target} show {key}, then copy again (--replace"
                " overwrites it)"
            ) from None
    over = " over its archived version, active again" if archived else ""
    typer.echo(f"copied {key} from the {here} layer to the {target} layer{over}")


def _left_behind(ctx: typer.Context, store: EntryStore, key: str, kind: str) -> str:
    """Why an entry the last prune or sync archived is not restored under its key, and how to
    restore it where it is now."""
    from kb.upkeep.review import where_it_went

    went, now = where_it_went(store, key)
    line = f"left {key}: {went} since the {kind}"
    if now is not None and store.get(now).status == "archived":
        line += f"; bring it back with: {common.command_prefix(ctx)}restore {now}"
    return line


@app.command()
def restore(
    ctx: typer.Context,
    key: Annotated[
        str | None, typer.Argument(help="The entry's key.", show_default=False, metavar="KEY")
    ] = None,
    last_prune: Annotated[
        bool,
        typer.Option("--last-prune", help="Bring back every entry the last `kb prune --apply` archived."),
    ] = False,
    last_sync: Annotated[
        bool,
        typer.Option(
            "--last-sync",
            help="Bring back every entry the last `kb sync` archived because its file was gone"
            " (then sync again to write their files back).",
        ),
    ] = False,
) -> None:
    """Bring an archived entry back (or all of the last prune, or of the last sync)."""
    if [key is not None, last_prune, last_sync].count(True) != 1:
        raise typer.BadParameter("give a KEY, --last-prune or --last-sync (one of them)")
    folder = common.folder_source(ctx)
    if folder is not None and key is None:  # the record lived in the scratch index of the write
        raise UsageError(
            f"the {folder} layer is an entry folder, which keeps no record of the last"
            f" {'prune' if last_prune else 'sync'}: restore each entry with"
            f" {common.command_prefix(ctx)}restore KEY"
        )
    ever = True  # a prune (or a sync) has archived something here before
    with common.open_kb(ctx) as store:
        if last_prune or last_sync:
            from kb.exchange.folder_sync import LAST_SYNC_ARCHIVE, last_sync_archive
            from kb.upkeep.review import last_prune as pruned_keys
            from kb.upkeep.review import prune_record

            found = pruned_keys(store) if last_prune else last_sync_archive(store)
            keys = [k for k in found if store.find(k) is not None]
            ever = store.meta(prune_record(store) if last_prune else LAST_SYNC_ARCHIVE) is not None
            for gone in (k for k in found if k not in keys):
                typer.echo(_left_behind(ctx, store, gone, "prune" if last_prune else "sync"))
        else:
            keys = [common.entry_named(ctx, store, key or "", "restore").key]
            common.say_a_write_is_not_the_shown_entry(ctx, key or "", "restore")
        restored = store.restore_many(keys)  # one transaction; said once it is written
    for name in keys:
        typer.echo(f"restored {name}" if name in restored else f"{name} is already active")
    if (last_prune or last_sync) and not keys:
        kind = "prune of yours" if last_prune else "sync"  # each person undoes their own prunes
        if not ever:  # "the last prune" would say there was one
            typer.echo(f"no {kind} has archived anything here: nothing to restore")
        else:
            typer.echo(f"the last {kind} archived nothing that is left to restore")
