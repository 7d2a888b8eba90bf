"""Keeping the knowledge base alive: kb review, kb prune, kb stats, kb tree."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from kb.cli import common, console
from kb.cli.common import app
from kb.errors import Cancelled, EntryArchived, KbError, UsageError

if TYPE_CHECKING:
    from kb.store.entry_store import EntryStore
    from kb.upkeep.review import ReviewItem


@app.command()
def review(
    ctx: typer.Context,
    key: Annotated[
        str | None, typer.Argument(help="Decide on one entry (with an action flag).", metavar="KEY")
    ] = None,
    keep: Annotated[bool, typer.Option("--keep", help="Still useful: mark it reviewed.")] = False,
    archive: Annotated[bool, typer.Option("--archive", help="Common knowledge now: archive it.")] = False,
    merge_into: Annotated[
        str | None,
        typer.Option(
            "--merge-into", help="Fold it into another entry.", show_default=False, metavar="MERGE_INTO"
        ),
    ] = None,
    list_due: Annotated[
        bool, typer.Option("--list", help="List the entries due, most in need first.")
    ] = False,
    as_json: common.JsonOption = False,
) -> None:
    """Step through the entries due for review (not reviewed in 30 days; KB_REVIEW_DAYS changes it).

    On a terminal: keep, archive, edit, merge or delete each one, most in need of attention first.
    Every decision is saved as it is made. For scripts: --list [--json], or
    KEY --keep|--archive|--merge-into K.
    """
    from kb.upkeep import review as upkeep

    actions = [keep, archive, merge_into is not None]
    if sum(actions) > 1:
        raise UsageError("choose one of --keep, --archive and --merge-into")
    if key is None and any(actions):
        raise UsageError("--keep, --archive and --merge-into need the KEY of the entry")
    with common.open_kb(ctx, remind=False) as store:
        if key is not None:
            decision, said = _decide(store, key, keep, archive, merge_into, common.command_prefix(ctx))
            if as_json:
                console.print_json({"key": key, "decision": decision, "into": merge_into, "said": said})
            else:
                typer.echo(said)
            return
        if not store.keeps_usage:
            _say_nothing_is_due_in_a_folder(as_json)
            return
        due = upkeep.due_now(store)
        if list_due or as_json or not console.interactive():
            if not (list_due or as_json):
                raise KbError(
                    "kb review steps through entries on a terminal; use --list, or KEY --keep/--archive"
                )
            _print_due(due, as_json, common.command_prefix(ctx))
            return
        try:
            decided = _step_through(ctx, store, due)
        except EntryArchived as archived:  # archived meanwhile (a sync, another window)
            raise archived.acting_on(common.command_prefix(ctx)) from None
        stats = upkeep.compute_stats(store, upkeep.review_interval())
    typer.echo(_review_summary(decided))
    typer.echo(f"Added this month: {stats.added_this_month}. Still due: {stats.due_for_review}.")


#: What `kb review KEY --keep` says in an entry folder: its files record no review (nor usage).
_NO_REVIEW_DATES = "an entry folder keeps no review dates"


def _say_nothing_is_due_in_a_folder(as_json: bool) -> None:
    """An entry is due by its last review and its use, which an entry folder's files do not keep."""
    if as_json:
        console.print_json([])
    else:
        typer.echo("nothing is due for review: an entry folder keeps no usage and no review dates")


def _decide(
    store: EntryStore, key: str, keep: bool, archive: bool, merge_into: str | None, again: str = "kb "
) -> tuple[str, str]:
    """Do what `kb review KEY` was told: the decision made ("kept", "archived", "merged", or
    "none" for an entry archived already) and the line that says it."""
    if store.get(key).status == "archived" and merge_into is None:
        if archive:
            return "none", f"{key} is already archived; bring it back with: {again}restore {key}"
        if keep:
            raise KbError(f"{key} is archived: nothing to keep; bring it back with: {again}restore {key}")
    if merge_into is not None:
        from kb.upkeep.review import merge_entries

        return "merged", merge_entries(store, key, _existing_key(store, merge_into), again)
    if archive:
        store.mark_reviewed(key, status="archived")
        return "archived", f"archived {key} as common knowledge; undo with: {again}restore {key}"
    if keep:
        store.mark_reviewed(key)
        return "kept", f"kept {key}; reviewed now" if store.keeps_usage else f"kept {key}; {_NO_REVIEW_DATES}"
    raise UsageError("say what to do with it: --keep, --archive or --merge-into KEY")


def _existing_key(store: EntryStore, key: str) -> str:
    return store.get(key).key  # EntryNotFound names the closest key


def _print_due(due: list[ReviewItem], as_json: bool, again: str) -> None:
    if as_json:
        console.print_json(
            [
                {
                    "key": i.key,
                    "domain": i.domain,
                    "symptom": i.symptom,
                    "reasons": list(i.reasons),
                    "attention": i.attention,
                    "last_reviewed": i.last_reviewed.isoformat() if i.ever_reviewed else None,
                    "due_since": (i.due_since or i.last_reviewed).isoformat(),  # a review interval after
                }
                for i in due
            ]
        )
        return
    if not due:
        typer.echo("nothing is due for review")
        return
    from kb.entry.terminal import format_table

    rows = [(i.key, str(i.attention), "; ".join(i.reasons)) for i in due]
    typer.echo(format_table(rows, console.width()))
    # The reasons column is cut to the width, and with it the key a merge needs: said whole here.
    for item in due:
        if item.duplicate_of:
            merge = f"{again}review {item.key} --merge-into {item.duplicate_of}"
            typer.echo(f"{item.key} likely duplicates {item.duplicate_of}: {merge}")


def _step_through(ctx: typer.Context, store: EntryStore, due: list[ReviewItem]) -> dict[str, list[str]]:
    from kb.cli.entries import a_taken_key_refused, edit_until_valid, save_edit
    from kb.entry.file import render_entry_file
    from kb.entry.terminal import format_entry
    from kb.upkeep.review import merge_entries, no_longer_due, reasons_now

    decided: dict[str, list[str]] = {}
    #: The entries this review merged others into, and which: a merge marks its target reviewed, but
    #: nobody has looked at what it holds now.
    merged_into: dict[str, list[str]] = {}

    def said(action: str, key: str, line: str) -> None:
        decided.setdefault(action, []).append(key)
        typer.echo(line)

    typer.echo(f"{_count(len(due))} due for review, most in need of attention first.")
    for number, item in enumerate(due, 1):
        done = no_longer_due(store, item.key)
        took = merged_into.get(item.key)
        if done is not None and not took:
            typer.echo(f"\n[{number}/{len(due)}] {item.key}: {done} meanwhile, no longer due; skipped")
            continue
        entry = store.get(item.key)
        reasons = reasons_now(store, item, entry, took) if took else item.reasons
        typer.echo(f"\n[{number}/{len(due)}] needs a look: {'; '.join(reasons)}")
        typer.echo(format_entry(entry.content(), entry.facts(), console.width(), console.bold))
        while True:
            choice = typer.prompt(
                "[k]eep [a]rchive [e]dit [m]erge [d]elete [s]kip [q]uit", default="s"
            ).lower()[:1]
            try:
                if choice == "k":
                    store.mark_reviewed(item.key)
                    said("kept", item.key, f"kept {item.key}; reviewed now")
                elif choice == "a":
                    store.mark_reviewed(item.key, status="archived")
                    undo = f"{common.command_prefix(ctx)}restore {item.key}"
                    said("archived", item.key, f"archived {item.key}; {undo} undoes it")
                elif choice == "e":
                    content = edit_until_valid(
                        render_entry_file(entry.content()),
                        item.key,
                        False,
                        a_taken_key_refused(store, item.key),
                    )
                    save_edit(ctx, store, item.key, content, entry.content())
                    store.mark_reviewed(content.key)
                    said("edited", content.key, f"saved {content.key}; reviewed now")
                elif choice == "m":
                    target = _existing_key(store, typer.prompt("Merge into which entry (key)"))
                    said(
                        "merged", item.key, merge_entries(store, item.key, target, common.command_prefix(ctx))
                    )
                    merged_into.setdefault(target, []).append(item.key)
                elif choice == "d":
                    if not typer.confirm(f"Delete '{item.key}' for good?", default=False):
                        continue
                    store.purge(item.key, as_shown=entry)  # as shown: a teammate's edit meanwhile stays
                    said("deleted", item.key, f"deleted {item.key}")
                elif choice == "q":
                    return decided
                elif choice != "s":
                    continue
            except (KbError, Cancelled) as exc:
                typer.echo(console.error_line(exc), err=True)
                continue
            break
    return decided


def _review_summary(decided: dict[str, list[str]]) -> str:
    """What this review decided, all of it: 'This review: kept 2, archived a, merged b.'"""
    if not decided:
        return "This review decided nothing."
    parts = []
    for action in ("kept", "edited", "archived", "merged", "deleted"):
        keys = decided.get(action, [])
        if keys:
            parts.append(
                f"{action} {len(keys)}" if action in ("kept", "edited") else f"{action} {', '.join(keys)}"
            )
    return f"This review: {'; '.join(parts)}."


@app.command()
def prune(
    ctx: typer.Context,
    unused_for: Annotated[
        str | None,
        typer.Option(
            "--unused-for",
            help="Not hit (by a search or a recorded occurrence) for this long, e.g. 180d, 26w, 1y.",
            show_default=False,
            metavar="UNUSED_FOR",
        ),
    ] = None,
    domain: common.DomainOption = None,
    status: Annotated[
        str | None,
        typer.Option(
            "--status",
            help="broken: its check broke on its last two runs; never: never checked.",
            show_default=False,
            metavar="STATUS",
        ),
    ] = None,
    apply: Annotated[
        bool, typer.Option("--apply", help="Archive them (the default only shows what would).")
    ] = False,
    as_json: common.JsonOption = False,
) -> None:
    """Archive entries by rule. A dry run unless --apply; never deletes; undo with kb restore --last-prune."""
    from kb.upkeep import review as upkeep

    unused = upkeep.parse_duration(unused_for) if unused_for else None
    folder = common.folder_source(ctx)
    if folder is not None:
        _refuse_what_a_folder_cannot_tell(folder, unused_for, status)
    with common.open_kb(ctx, remind=not as_json) as store:
        in_domain = common.domain_or_none(domain)
        chosen, guarded = upkeep.prune_candidates(store, unused, in_domain, status)
        keys = [e.key for e in chosen]
        archived = upkeep.apply_prune(store, keys, unused, in_domain, status) if apply and chosen else ()
    if as_json:
        console.print_json(
            {
                "applied": apply,
                "entries": [e.key for e in chosen],
                "archived": list(archived),
                "kept_guarded": [e.key for e in guarded],
            }
        )
        return
    for entry in guarded:
        typer.echo(
            f"kept {entry.key}: unused, but its guards keep the fault away without a search"
            f" (to archive it anyway: {common.command_prefix(ctx)}rm {entry.key})"
        )
    if not chosen:
        typer.echo("no entry matches those rules; nothing to prune")
        return
    for entry in chosen:
        last = entry.last_hit.date().isoformat() if entry.last_hit else "never"
        said = f"{entry.key}  [{entry.domain}]" + (
            "" if folder else f"  last hit {last}"
        )  # a folder keeps none
        if not apply:
            typer.echo(f"would archive {said}")
        elif entry.key in archived:
            typer.echo(f"archived {said}")
        else:
            typer.echo(
                f"left {entry.key}: archived, deleted, used, checked or changed by someone else meanwhile,"
                " so these rules no longer choose it"
            )
    again = common.command_prefix(ctx)
    if apply and folder is not None:
        typer.echo(
            f"{len(archived)} archived; undo with: {again}restore KEY, for each"
            " (an entry folder keeps no record of the prune)"
        )
    elif apply:
        typer.echo(f"{len(archived)} archived; undo with: {again}restore --last-prune")
    else:
        typer.echo(f"{_count(len(chosen))}; nothing changed (dry run). Add --apply to archive them.")


def _refuse_what_a_folder_cannot_tell(folder: str, unused_for: str | None, status: str | None) -> None:
    """An entry folder keeps no usage and no check runs: a rule that rests on either would say the
    same of every entry there (all unused, all never checked) or of none (no check broken)."""
    from kb.upkeep.review import CHECK_STATUSES

    if unused_for is not None:
        rule, verdict = "--unused-for", "call every entry unused there"
    elif status == "never":
        rule, verdict = "--status never", "call every entry never checked there"
    elif status in CHECK_STATUSES:
        rule, verdict = f"--status {status}", "find no check broken there"
    else:
        return
    raise UsageError(
        f"the {folder} layer is an entry folder, which keeps no usage and no check runs: {rule}"
        f" would {verdict}; prune it by --domain"
    )


@app.command()
def reindex(ctx: typer.Context, as_json: common.JsonOption = False) -> None:
    """Rebuild the search index from every entry. Adds, edits and imports keep it exact without this;
    it is maintenance, for a knowledge base that has grown or changed a great deal since it was
    built (impacts are then normalised by today's average entry length)."""
    from kb.cli.exchange import progress_bar

    with common.open_kb(ctx, remind=False) as store, progress_bar("reindexing", as_json) as progress:
        count = store.reindex(progress)
    if as_json:
        console.print_json({"reindexed": count})
        return
    typer.echo(f"reindexed {count} entries")


@app.command()
def stats(ctx: typer.Context, as_json: common.JsonOption = False) -> None:
    """Entries per domain, added this month, most and never hit, checks that keep breaking, review status."""
    from kb.upkeep import review as upkeep

    with common.open_kb(ctx, remind=not as_json) as store:
        result = upkeep.compute_stats(store, upkeep.review_interval())
    if as_json:
        console.print_json(result.as_json())
        return
    from kb.domains import DOMAIN_NAMES

    active = result.by_status.get("active", 0)
    archived = result.by_status.get("archived", 0)
    per_domain = "; the active ones by domain:" if archived and active else ""
    typer.echo(f"entries   {result.total} ({active} active, {archived} archived){per_domain}")
    for name in DOMAIN_NAMES:
        if result.by_domain.get(name):
            typer.echo(f"  {name:<11} {result.by_domain[name]}")
    if result.most_hit is None:  # an entry folder: its index was built from files, of which use is no part
        typer.echo("added, hits       an entry folder keeps neither (its repository's git log has the dates)")
        typer.echo("broken checks     an entry folder keeps no check runs")
        typer.echo("review            an entry folder keeps no review dates")
        typer.echo("environments      an entry folder keeps none")
        return
    typer.echo(f"added this month  {result.added_this_month} (seeds not counted)")
    most = ", ".join(f"{k} ({h})" for k, h in result.most_hit[:5]) or "none yet"
    typer.echo(_stat_line("most hit", most))
    typer.echo(f"never hit         {result.never_hit} of {active}")
    broken = ", ".join(f"{k} (broke {n} in a row)" for k, n in result.broken_checks or ()) or "none"
    typer.echo(_stat_line("broken checks", broken))
    last = result.last_review[:10] if result.last_review else "never"
    typer.echo(
        f"review            {result.due_for_review} due"
        f" (every {result.review_interval_days} days; last {last})"
    )
    typer.echo(
        f"environments      {result.recent_environments} seen in {upkeep.RECENT_ENVIRONMENT_DAYS} days"
        " (kb run, pytest --kb, IPython, kb search --env)"
    )


def _stat_line(label: str, value: str) -> str:
    """`label  value`, the value wrapped under itself to the terminal's width, never inside a key
    (`dataloader-too-` / `many-open-files` read as two)."""
    import textwrap

    indent = " " * 18
    return textwrap.fill(
        value,
        console.width(),
        initial_indent=f"{label:<17} ",
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )


@app.command()
def tree(
    ctx: typer.Context,
    domain: Annotated[
        str | None, typer.Argument(help="Only this domain's tree.", show_default=False, metavar="DOMAIN")
    ] = None,
    output: Annotated[
        str,
        typer.Option(
            "--format", help="text, markdown, mermaid or json.", show_default=True, metavar="OUTPUT"
        ),
    ] = "text",
    as_json: common.JsonOption = False,
) -> None:
    """Fault trees: domain → cause path → entries, with how often each branch recurs.

    Branches that recur most are flagged: a guard (kb export pre-commit / pytest) could stop them.
    The project first-aid handbook (section 6.2) builds these to find design faults.
    """
    from kb.exchange import fault_tree_pages as pages
    from kb.upkeep import fault_tree as trees
    from kb.upkeep.fault_tree import forest_of

    if as_json and output not in ("text", "json"):
        raise UsageError(f"--json is --format json: give one of them, not --format {output} too")
    fmt = "json" if as_json else output
    if fmt not in ("text", "markdown", "mermaid", "json"):
        raise UsageError(f"--format must be text, markdown, mermaid or json, not '{output}'")
    with common.open_kb(ctx, remind=fmt == "text") as store:
        forest = forest_of(store, domain)
    if fmt == "json":
        console.print_json(trees.forest_as_json(forest))
    elif fmt == "markdown":
        typer.echo(pages.tree_as_markdown(forest))
    elif fmt == "mermaid":
        typer.echo(pages.tree_as_mermaid(forest))
    elif not forest:  # a blank line would read as a tree that failed to draw
        typer.echo(f"no active entries{f' in {domain}' if domain else ''}: no fault tree to draw")
    else:
        typer.echo(trees.render_text(forest, console.width()))
        recurring = trees.render_recurring(forest, console.width())
        if recurring:
            typer.echo(f"\n{recurring}")


def _count(entries: int) -> str:
    return "1 entry" if entries == 1 else f"{entries} entries"
