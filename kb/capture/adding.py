"""Turning what a person typed (flags, an entry file, an edited template) into a stored entry."""

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kb.domains import DOMAIN_NAMES
from kb.entry.check_rule import CheckRule, parse_check_rule
from kb.entry.content import EntryContent, check_guards, key_for, normalized
from kb.entry.file import SECTIONS, parse_entry_file, read_entry_file, toml_array, toml_string, toml_value
from kb.entry.lint import validation_problem
from kb.errors import InvalidEntry, KbError, UsageError
from kb.records import Record
from kb.store.entry_store import EntryStore
from kb.store.record import Entry

if TYPE_CHECKING:
    from kb.search.duplicates import Duplicate


class EntryFlags(Record):
    """The fields given on the command line; None means not given."""

    key: str | None = None
    domain: str | None = None
    symptom: str | None = None
    validation: str | None = None
    fix: str | None = None
    root_cause: str | None = None
    cause_path: str | None = None
    tags: list[str] | None = None
    variants: list[str] | None = None
    conditions: str | None = None
    environment: str | None = None
    case: str | None = None
    snippet: str | None = None
    source: str | None = None
    related: list[str] | None = None
    applies_to: list[str] | None = None
    #: Read from `--guards FILE` (read_guards_file); attached to whatever guards the entry has.
    guards: tuple[dict[str, Any], ...] | None = None
    #: How the validation's result is read (--confirms, --pattern, --rules-out).
    check_rule: CheckRule | None = None

    def overrides(self) -> dict[str, object]:
        """The given fields under EntryContent's names."""
        values = {name: getattr(self, name) for name in self._fields if name != "variants"}
        values["symptom_variants"] = self.variants
        values = {k: (tuple(v) if isinstance(v, list) else v) for k, v in values.items() if v is not None}
        return values


def rule_from_flags(confirms: str | None, pattern: str | None, rules_out: str | None) -> CheckRule | None:
    """The rule `--confirms RULE [--pattern REGEX] [--rules-out REGEX]` declares, checked; None when
    none of them is given. Raises InvalidEntry."""
    if confirms is None and pattern is None and rules_out is None:
        return None
    if confirms is None:
        confirms = "output"  # a pattern only means something for a check read by its output
    data = {"confirms": confirms, "pattern": pattern or "", "rules_out": rules_out or ""}
    return parse_check_rule({name: value for name, value in data.items() if value}, "new entry")


def split_tags(tags: Iterable[str] | None) -> list[str] | None:
    """`-t cuda -t "oom, memory"` gives ["cuda", "oom", "memory"]."""
    if tags is None:
        return None
    return [part.strip() for tag in tags for part in tag.split(",") if part.strip()]


def read_guards_file(path: Path) -> tuple[dict[str, Any], ...]:
    """The `[[guards]]` tables of a TOML file, checked as an entry's guards are, so that a bad file
    is refused before any question is asked or anything is written."""
    import tomllib  # deferred: only a guards file is TOML, and the parser costs a few ms of every add

    from kb.paths import read_bounded

    try:  # a regular file of bounded size: /dev/zero or a FIFO given as --guards never ends
        data = tomllib.loads(read_bounded(path).decode("utf-8"))
    except OSError as error:
        raise KbError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise InvalidEntry(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise InvalidEntry(f"{path}: not valid TOML: {error}") from None
    except RecursionError:
        raise InvalidEntry(f"{path}: nested too deeply to be guards") from None
    except ValueError:  # a number of thousands of digits
        raise InvalidEntry(f"{path}: holds a number longer than any guard takes") from None
    extra = sorted(set(data) - {"guards"})
    if extra:
        raise InvalidEntry(f"{path}: only [[guards]] tables belong here, not {', '.join(extra)}")
    guards = data.get("guards")
    if not isinstance(guards, list) or not guards:
        raise InvalidEntry(f"{path}: no [[guards]] tables in it")
    return check_guards("", guards, where=str(path))


def with_guards(
    existing: tuple[dict[str, Any], ...], added: Iterable[dict[str, Any]]
) -> tuple[dict[str, Any], ...]:
    """EXISTING, then each added guard it does not already hold: attaching twice changes nothing, and
    a guard that checks what one of EXISTING checks (the same kind and fields, other examples)
    replaces it rather than doubling every finding."""
    merged = {_checks(guard): guard for guard in existing}
    for guard in added:
        merged[_checks(guard)] = guard
    return tuple(merged.values())


def _checks(guard: dict[str, Any]) -> str:
    """What GUARD checks, as one comparable text: everything but its examples."""
    import json

    return json.dumps({k: v for k, v in guard.items() if k not in ("bad", "good")}, sort_keys=True)


def content_from_flags(flags: EntryFlags) -> EntryContent:
    if not flags.symptom or not flags.symptom.strip():
        raise InvalidEntry("the symptom is empty; pass --symptom 'the error line you saw'")
    if not flags.domain:
        raise UsageError(f"missing --domain (one of: {', '.join(DOMAIN_NAMES)})")
    key = flags.key or key_for(flags.symptom, flags.cause_path or "", flags.tags or (), flags.domain or "")
    values = flags.overrides()
    values["key"] = key
    return normalized(EntryContent(**values))  # type: ignore[arg-type]


def content_from_file(path: Path, flags: EntryFlags) -> EntryContent:
    """An entry file, with any flags given on the command line taking precedence. Its domain may be
    blank (a triage that placed none): recording asks it."""
    content = read_entry_file(path, draft=True)
    overrides = flags.overrides()
    if flags.guards:
        overrides["guards"] = with_guards(content.guards, flags.guards)
    return normalized(content.replace(**overrides), draft=True) if overrides else content


def content_from_text(text: str, force: bool = False) -> EntryContent:
    """An edited entry file, refused when its validation fails the lint (unless forced)."""
    content = parse_entry_file(text, "<edited entry>")
    if not force:
        check_validation(content)
    return content


def check_validation(content: EntryContent) -> None:
    problem = validation_problem(content.validation)
    if problem:
        raise InvalidEntry(f"validation of '{content.key}': {problem} (or keep it anyway with --force)")


class AddedMeanwhile(KbError):
    """An entry that describes the symptom was added while this one was being made (another `kb add`,
    another screen, at the same moment): this one is not written before the person, or the flags, say."""

    def __init__(self, duplicate: "Duplicate") -> None:
        super().__init__(f"{duplicate.key} was added meanwhile, and it describes this symptom")
        self.duplicate = duplicate


def unless_added_meanwhile(store: EntryStore, symptom: str) -> tuple[str, Callable[[], None]]:
    """For save_entry(unless=…): the lock such adds take turns on, and the check each runs once its
    turn came, before it writes: that no entry added meanwhile describes SYMPTOM (AddedMeanwhile).
    Checked only before, two identical adds started at once both found nothing and both added. One
    lock for every add, not one per message: find_duplicate() calls two messages the same fault
    that differ in more than their numbers (`…aborted on rank 3.` and `…on rank 12. Original
    reason…`), and on a server two adds of them, each under its own lock, both landed."""
    from kb.search.duplicates import find_duplicate

    def check() -> None:
        duplicate = find_duplicate(store.location, symptom)
        if duplicate is not None:
            raise AddedMeanwhile(duplicate)

    return "add", check


def save_entry(
    store: EntryStore,
    content: EntryContent,
    replacing: str | None = None,
    force: bool = False,
    key_base: str | None = None,
    started_from: EntryContent | None = None,
    unless: tuple[str, Callable[[], None]] | None = None,
) -> Entry:
    """Add CONTENT, or replace the entry REPLACING with it, as `kb add`, `kb edit` and the TUI's form
    do: the validation must pass the lint unless FORCE. KEY_BASE: the key was derived, not chosen, and
    the next free KEY_BASE-n is taken if it is in use when the entry is written. STARTED_FROM: the
    version the edit began with; someone else's change since is merged in, or the save is refused
    (EditConflict), never overwritten. UNLESS: for a new entry, a check run when its turn to be
    written came (EntryStore.add)."""
    if not force:
        check_validation(content)
    if replacing is None:
        return store.add(content, key_base=key_base, unless=unless)
    return store.update(replacing, content, started_from=started_from)


def template_for(flags: EntryFlags) -> str:
    """An entry file to fill in, holding whatever the flags already gave."""
    key = flags.key or (
        key_for(flags.symptom, flags.cause_path or "", flags.tags or (), flags.domain or "")
        if flags.symptom
        else "new-entry"
    )
    front = [
        "+++",
        f"# domain: one of {', '.join(DOMAIN_NAMES)}",
        f"key = {toml_string(key)}",
        f"domain = {toml_string(flags.domain or '')}",
        f"cause_path = {toml_string(flags.cause_path or '')}",
        f"tags = {toml_array(flags.tags or [])}",
        f"source = {toml_string(flags.source or 'own')}",
    ]
    if flags.related:
        front.append(f"related = {toml_array(flags.related)}")
    if flags.applies_to:
        front.append(f"applies_to = {toml_array(flags.applies_to)}")
    rule = flags.check_rule.stored() if flags.check_rule is not None else {}
    if rule:  # how the check's run is read, as --confirms, --pattern and --rules-out said
        front += ["", "[check]", *(f"{name} = {toml_value(value)}" for name, value in rule.items()), ""]
    front += [
        "# Guards keep the fault from coming back (kb export pre-commit); uncomment and adapt:",
        "# [[guards]]",
        '# kind = "banned-call"',
        '# call = ["nn.DataParallel"]',
        '# bad = "model = nn.DataParallel(model)"',
        '# good = "model = DistributedDataParallel(model)"',
    ]
    for guard in flags.guards or ():
        front += ["", "[[guards]]", *(f"{name} = {toml_value(value)}" for name, value in guard.items())]
    front.append("+++")
    values = flags.overrides()
    sections = []
    for title, name in SECTIONS.items():
        value = values.get(name, "")
        if isinstance(value, tuple):
            value = "\n".join(f"- {v}" for v in value)
        sections.append(f"## {title}\n\n{value}".rstrip())
    return "\n".join(front) + "\n\n" + "\n\n".join(sections) + "\n"
