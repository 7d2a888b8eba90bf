"""The exceptions kb's core raises. The CLI turns each into one line on stderr and an exit code."""

from __future__ import annotations

#: typing.TYPE_CHECKING without importing typing (a few milliseconds of every `kb run`); type
#: checkers read any TYPE_CHECKING as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path


class KbError(Exception):
    """An expected failure, with a message meant for the user."""

    exit_code = 1


class UsageError(KbError):
    """The command line asked for something that cannot mean anything."""

    exit_code = 2


class EntryNotFound(KbError):
    """No entry KEY here. ELSEWHERE: where it is instead (another layer), with the command that
    reaches it; WENT: the entry it was merged into or renamed to, instead of a key that looks like it."""

    def __init__(
        self,
        key: str,
        suggestion: str | None = None,
        elsewhere: str = "",
        went: tuple[str, str] | None = None,
    ) -> None:
        if elsewhere:
            super().__init__(f"no entry with key '{key}' in your personal knowledge base; {elsewhere}")
        elif went is not None:  # ("merged into", KEY) or ("renamed to", KEY), as its history says
            super().__init__(f"no entry with key '{key}': it was {went[0]} '{went[1]}'")
        else:
            hint = f"; did you mean '{suggestion}'?" if suggestion else ""
            super().__init__(f"no entry with key '{key}'{hint}")
        self.key = key
        self.suggestion = suggestion


class NoSuchSeed(UsageError):
    def __init__(self, key: str, suggestion: str | None = None) -> None:
        hint = f"; did you mean '{suggestion}'?" if suggestion else ""
        super().__init__(f"no seed entry with key '{key}'{hint}")
        self.key = key
        self.suggestion = suggestion


class UnknownDomain(UsageError):
    def __init__(self, name: str, suggestion: str | None, known: tuple[str, ...]) -> None:
        hint = f"did you mean '{suggestion}'?" if suggestion else f"choose one of: {', '.join(known)}"
        super().__init__(f"unknown domain '{name}'; {hint}")
        self.name = name
        self.suggestion = suggestion


class InvalidEntry(KbError):
    """An entry's content breaks a rule: empty symptom, bad key, a validation that is not a command."""


class InvalidCheckRule(InvalidEntry):
    """An entry's check rule breaks a rule: DETAIL says which, and the message names the entry KEY
    (`entry 'new entry': check confirms 'maybe'; use one of …`). A face that asked for the rule alone
    (kb mcp's report of a rule) says DETAIL."""

    def __init__(self, key: str, detail: str) -> None:
        super().__init__(f"entry '{key}': {detail}")
        self.key, self.detail = key, detail


class EntryArchived(InvalidEntry):
    """KEY is archived, which the change asked of it cannot act on (SAID: how, in a clause). PREFIX as
    KeyTaken's: the undo it names must act on the knowledge base the entry is in."""

    def __init__(self, key: str, said: str, prefix: str = "kb ") -> None:
        super().__init__(f"{said}; bring it back with: {prefix}restore {key}")
        self.key, self.said = key, said

    def acting_on(self, prefix: str) -> EntryArchived:
        """The same refusal, its undo typed for the knowledge base PREFIX names (`kb --db X `)."""
        return EntryArchived(self.key, self.said, prefix)


class KeyTaken(KbError):
    """PREFIX: how to type a kb command on the knowledge base the key was taken in (`kb --layer
    team `): the hint must act where the entry is."""

    def __init__(self, key: str, prefix: str = "kb ") -> None:
        super().__init__(
            f"an entry with key '{key}' already exists; pick another --key or `{prefix}edit {key}`"
        )
        self.key = key


class StoreChanged(KbError):
    """Another writer changed the store after a plan was made against it (two imports at once)."""


class CheckNotRecorded(KbError):
    """A check ran, and its verdict could not be written (a locked or read-only database): the
    person is told what it found, since nothing else keeps it. RESULT: the run, as run_check would
    have returned it (kb.verify.runner.CheckResult)."""

    def __init__(self, message: str, result: object = None) -> None:
        super().__init__(message)
        self.result = result


class EntryFileError(KbError):
    """An entry file cannot be read. Names the file and the line, like a compiler."""

    def __init__(self, path: Path | str | None, line: int | None, message: str) -> None:
        where = str(path) if path is not None else "<entry>"
        if line is not None:
            where = f"{where}:{line}"
        super().__init__(f"{where}: {message}")
        self.path = path
        self.line = line
        self.reason = message


class StoreUnavailable(KbError):
    """The database cannot be opened: unwritable path, not SQLite, not kb's, or a schema from the future."""


class StoreBusy(StoreUnavailable):
    """Another process or session held a lock a write needed for longer than kb waits: nothing of
    the write was saved, and the same write later may well succeed."""


class NotADatabase(StoreUnavailable):
    def __init__(self, where: str) -> None:
        super().__init__(f"{where} is not an SQLite database; point --db or KB_DB at a kb database")


class DatabaseDamaged(StoreUnavailable):
    """SQLite found damaged pages: kb reads what it can and writes nothing until the file is repaired."""

    def __init__(self, where: str, path: str, problem: str) -> None:
        super().__init__(
            f"the database at {where} is damaged ({problem}); kb will not write to it. Recover what is"
            f' readable: sqlite3 {path} ".recover" | sqlite3 rescued.db, then kb --db rescued.db where'
        )


class DiskFull(StoreUnavailable):
    """SQLite could not write the database, and the disk holding it has (next to) no room left: said
    as such, since SQLite's own words for it ("disk I/O error", "database or disk is full") do not."""

    def __init__(self, doing: str, where: str, folder: str, free: int, said: str) -> None:
        super().__init__(
            f"cannot {doing} the database at {where}: the disk holding it is full ({free // 1024} KB free"
            f" in {folder}; SQLite said: {said}); nothing was saved: free some space there and run it again"
        )


class ReadOnlyDatabase(StoreUnavailable):
    def __init__(self, where: str) -> None:
        super().__init__(
            f"the database at {where} is read-only here: kb can search and show it, not change it;"
            " choose a writable one with --db or KB_DB"
        )


#: How kb is upgraded: from its checkout, as the README installs it. Its distribution, ml-fault-kb, is
#: not on the package index (and `kb` there is another project): advice to pip install either by name
#: would fail, or install whatever someone published under that name.
UPGRADE = "git pull in kb's checkout, then pipx install --force . there, or pip install -U ."


class SchemaTooNew(StoreUnavailable):
    def __init__(self, location: str, found: int, supported: int) -> None:
        super().__init__(
            f"{location} has schema version {found}, newer than this kb understands ({supported}); "
            f"upgrade kb ({UPGRADE})"
        )
        self.found = found
        self.supported = supported


class Cancelled(KbError):
    """The user said no at a confirmation, or pressed Ctrl-C at a prompt. Nothing was written."""


class UnsafeWrite(KbError):
    """A file kb was asked to write would land outside its folder, or through a symbolic link."""


class MassArchive(KbError):
    """A sync would archive many entries at once, as when a folder was emptied by a bad checkout:
    it stops before writing anything until someone says so."""

    def __init__(self, count: int, synced: int, folder: str) -> None:
        self.count = count
        super().__init__(
            f"this sync would archive {count} of the {synced} entries synced with {folder}: their files "
            "are gone (a bad checkout? git rm?); check the folder, and sync with --yes if they really were"
            " removed"
        )


class EditConflict(KbError):
    """A save over a version someone else changed meanwhile, where both changed the same fields
    differently: refused, with both versions kept for the user to choose from."""

    def __init__(
        self, key: str, fields: tuple[str, ...], saved_to: str | None = None, layer: str | None = None,
        prefix: str | None = None,
    ) -> None:  # fmt: skip
        self.key = key
        self.fields = fields
        where = f"; your version is in {saved_to}" if saved_to else ""
        show = f"{prefix}show" if prefix else f"kb --layer {layer} show" if layer else "kb show"
        super().__init__(
            f"'{key}' was changed by someone else while you edited it, in {', '.join(fields)}: not saved"
            f"{where}; see theirs with {show} {key}, then edit again"
        )


class LeftMeanwhile(KbError):
    """A save into an entry that left its folder while it was edited (a teammate archived, renamed or
    removed it, brought by a pull): saving would undo that unasked. HOW says what happened;
    SAVED_TO is where the edited text was kept."""

    def __init__(
        self, key: str, how: str, into: str = "", saved_to: str | None = None, layer: str | None = None
    ) -> None:
        self.key = key
        self.how = how
        self.into = into
        where = f"; your text is kept in {saved_to}" if saved_to else ""
        prefix = f"kb --layer {layer} " if layer else "kb "
        then = f"{prefix}edit {into}" if into else f"{prefix}restore {key}, then edit again"
        super().__init__(f"'{key}' was {how} in the folder while you edited it: not saved{where}; {then}")


def failure_text(exc: KbError | OSError) -> str:
    """What failed, in one line, for any face to show: a KbError's message, or an OSError's place and
    reason (an atomic write's temporary file named by its folder: "cannot write in DIR")."""
    if isinstance(exc, KbError):
        return str(exc)
    import os

    where = os.fspath(exc.filename) if exc.filename is not None else ""
    name = os.path.basename(str(where))
    if name.startswith(".kb-") and name.endswith(".tmp"):
        where = f"cannot write in {os.path.dirname(str(where))}"
    reason = exc.strerror or str(exc)
    return f"{where}: {reason}" if where else reason
