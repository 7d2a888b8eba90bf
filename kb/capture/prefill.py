"""Prefilling a new entry: the words a log, the last unanswered search or a commit give it, so that
recording a fix takes seconds.

A log or traceback gives the symptom (its decisive line, found the way `kb search` finds it); the
last search that found nothing gives it too; a git commit gives the fix (its message and the files
it changed).
"""

import sys
from datetime import datetime
from pathlib import Path

from kb.entry.redaction import redact_text
from kb.errors import KbError
from kb.paths import MAX_LOG_BYTES, looks_binary, read_log_end, read_stream_end
from kb.records import Record
from kb.text.paste import find_decisive


class LogRead(Record):
    """What kb read of a log: its text, and how much of the log that is."""

    text: str
    #: "the last 20 MB of 25 MB" when only the log's end was read (MAX_LOG_BYTES); else "".
    only: str = ""


def read_log(source: str) -> str:
    """The text of a log file, or of standard input for `-` (its end: read_log_part())."""
    return read_log_part(source).text


def read_log_part(source: str) -> LogRead:
    """The text of a log file, or of standard input for `-`: its last MAX_LOG_BYTES, where its error
    is. Refuses binary files."""
    if source == "-":
        end = read_stream_end(sys.stdin.buffer, MAX_LOG_BYTES)
        name = "standard input"
    else:
        path = Path(source)
        try:
            end = read_log_end(path, MAX_LOG_BYTES)
        except IsADirectoryError:
            raise KbError(f"{path} is a folder; give a log file") from None
        except OSError as exc:
            raise KbError(f"cannot read {path}: {exc.strerror}") from None
        name = str(path)
    if looks_binary(end.data):
        raise KbError(f"{name} is not a text log (it holds binary data); give the log or traceback as text")
    text = end.data.decode("utf-8", errors="replace")
    if not text.strip():
        raise KbError(f"{name} is empty")
    return LogRead(text, f"the last {end.part_read()}" if end.cut else "")


def symptom_from_log(text: str) -> str | None:
    """The decisive error line of a log or traceback: what the entry's symptom should say, redacted
    as it will be stored (kb says it on the terminal, and checks it against known faults, before it
    is stored). None when no line of it reads as an error: a log of progress lines and warnings gave
    them all, run together, as the symptom."""
    decisive = find_decisive(text)
    return None if decisive.described else redact_text(decisive.line)


def where_it_failed(symptom: str, text: str) -> str | None:
    """kb.text.frames.where_it_failed(), redacted as the entry will hold it: SYMPTOM with the
    function of the user's own code TEXT's traceback failed in, for the entry's symptom variants."""
    from kb.text.frames import where_it_failed as named

    where = named(symptom, text)
    return None if where is None else redact_text(where)


class CommitFix(Record):
    revision: str
    message: str
    files: tuple[str, ...]

    def as_fix(self) -> str:
        changed = ", ".join(f"`{name}`" for name in self.files[:8])
        more = f" and {len(self.files) - 8} more" if len(self.files) > 8 else ""
        files = f"\n\nChanged: {changed}{more} (commit {self.revision[:10]})." if self.files else ""
        return self.message.strip() + files


def commit_fix(revision: str = "HEAD", cwd: Path | None = None) -> CommitFix:
    """The fix as a commit recorded it: its message and the files it changed."""
    sha = _git(["rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"], cwd, revision).strip()
    message = _git(["log", "-1", "--format=%B", sha], cwd, revision)
    files = _git(["diff-tree", "--no-commit-id", "--name-only", "-r", "--root", sha], cwd, revision)
    return CommitFix(sha, message, tuple(line for line in files.splitlines() if line.strip()))


def _git(args: list[str], cwd: Path | None, revision: str) -> str:
    import subprocess  # deferred: only --from-commit runs git

    try:
        result = subprocess.run(
            ["git", *args],
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except FileNotFoundError:
        raise KbError("--from-commit needs git, which is not installed") from None
    except subprocess.TimeoutExpired:
        raise KbError("git did not answer within 10 s") from None
    if result.returncode != 0:
        if "not a git repository" in result.stderr.lower():
            raise KbError("--from-commit: this folder is not inside a git repository")
        raise KbError(f"--from-commit: no commit '{revision}' here")
    return result.stdout


def ago(then: datetime, now: datetime) -> str:
    """`12 minutes ago`, for telling people how fresh a remembered search is."""
    seconds = max(0, int((now - then).total_seconds()))
    for unit, size in (("day", 86_400), ("hour", 3_600), ("minute", 60)):
        if seconds >= size:
            count = seconds // size
            return f"{count} {unit}{'s' if count != 1 else ''} ago"
    return "just now"
