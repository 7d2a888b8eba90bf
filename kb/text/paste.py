"""Understanding a paste: find the decisive error, then mask what varies between occurrences.

Pure functions over text. The same `signature()` is applied to what people paste and to the entries'
symptoms, so that `CUDA out of memory. Tried to allocate 20.00 MiB` on one box and `... 7.74 GiB` on
another become the same line. The masks follow Sentry's parameterizer (an ordered alternation of
named patterns) with ML-specific additions: tensor shapes, memory sizes, `cuda:N`, ranks, versions.

NORMALIZER_VERSION is stored beside every signature; bump it whenever masking or extraction changes,
and the store recomputes the signatures it holds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

NORMALIZER_VERSION = 1

#: Only the tail of a huge paste is searched for the decisive error; errors end logs.
MAX_SCAN_CHARS = 2_000_000

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r(?!\n)")

#: Prefixes that tools add to every line of a program's output; the line itself goes on.
_PASSTHROUGH_PREFIX = re.compile(
    r"^(?:\s*\[(?:rank|default|local_rank)\s*\d+\]:\s?"  # torchrun: [rank0]: / [default0]:
    r"|\s*\|\s(?=\s*\S))"  # exception-group gutter "  | "
)

#: Prefixes of a new log record (glog, vLLM, Python logging): what follows is not a continuation.
_RECORD_PREFIX = re.compile(
    r"""^(?:
        \s*\[?[IWEF]\d{4}\ \d{2}:\d{2}:\d{2}\.\d+(?:\ +\d+)?\ [\w./-]+:\d+\]\s?
      | (?:INFO|WARNING|ERROR|DEBUG|CRITICAL)\ \d{2}-\d{2}\ \d{2}:\d{2}:\d{2}\ [\w.]+:\d+\]\ ?
      | \[?\d{4}-\d{2}-\d{2}[T\ ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\]?\s*(?:-\s*)?(?:[\w.]+\s*-\s*)?
        (?:\[?(?:INFO|WARNING|WARN|ERROR|DEBUG|CRITICAL)\]?\s*[-:|]?\s*)?
    )""",
    re.VERBOSE,
)

_EXCEPTION = re.compile(
    r"^(?P<type>(?:[A-Za-z_][\w]*\.)*(?:[A-Z]\w*)?(?:Error|Exception|Warning|Interrupt|Exit|Fault|Failure))"
    r"(?:\s*\[[^\]]*\])?(?::\s?(?P<message>.*))?$"
)

#: Exceptions that wrap the real one: the decisive error is the one before them.
WRAPPERS = frozenset(
    {
        "ChildFailedError",
        "CalledProcessError",
        "ProcessRaisedException",
        "ProcessExitedException",
        "BrokenProcessPool",
        "SystemExit",
        "KeyboardInterrupt",
    }
)

#: Lines CUDA and ROCm append to every error; they say nothing about which error it was.
BOILERPLATE = re.compile(
    r"(?:CUDA|HIP) kernel errors might be asynchronously reported"
    r"|For debugging consider passing (?:CUDA_LAUNCH_BLOCKING|AMD_SERIALIZE_KERNEL)"
    r"|Compile with `?TORCH_USE_(?:CUDA|HIP)_DSA`? to enable device-side assertions"
    r"|^Search for `cuda"
    r"|^\s*(?:Exception raised from|frame #\d+:)"
    r"|^To execute this test, run the following"
)

_FRAME = re.compile(r'^\s+(?:File "|at |\^|~)|^\s*(?:\^|~)+\s*$|^\s{4,}\S')
_TRACEBACK = re.compile(r"^\s*Traceback \(most recent call last\):")
_CPP_WHAT = re.compile(r"^\s*what\(\):\s*(?P<message>.+)$")
_FALLBACK = re.compile(
    r"\b(?:error|errno|failed|failure|killed|exception|fatal|abort(?:ed)?|panic|assert(?:ion)?|"
    r"nan|inf|out of memory|oom|segmentation fault|core dumped|refused|denied|timeout|timed out|hang)\b",
    re.IGNORECASE,
)

_MAX_MESSAGE_LINES = 3

#: A paste with no exception and at most this many lines is a description: all of it matters.
DESCRIPTION_MAX_LINES = 25
_MAX_MESSAGE_CHARS = 500


@dataclass(frozen=True)
class Decisive:
    """What a paste is about: its decisive error line, and the other errors seen on the way."""

    line: str
    exception_type: str = ""
    other_errors: tuple[str, ...] = ()
    context: tuple[str, ...] = field(default_factory=tuple)

    @property
    def short_type(self) -> str:
        """`torch.OutOfMemoryError` → `OutOfMemoryError`."""
        return self.exception_type.rsplit(".", 1)[-1]


@dataclass(frozen=True)
class Line:
    text: str
    new_record: bool  # it began with a log-record prefix, so it continues nothing before it


def clean_lines(text: str) -> list[Line]:
    """The paste's lines without colour codes, rank/log prefixes and caret markers."""
    text = ANSI.sub("", text.replace("\r\n", "\n"))
    lines = []
    for raw in text.split("\n"):
        line = _PASSTHROUGH_PREFIX.sub("", raw, count=1)
        record = _RECORD_PREFIX.match(line)
        if record and record.end() > 0:
            line = line[record.end() :]
        line = _PASSTHROUGH_PREFIX.sub("", line, count=1)
        if line.strip() and not set(line.strip()) <= {"^", "~"}:
            lines.append(Line(line.rstrip(), bool(record and record.end() > 0)))
    return lines


def find_decisive(text: str) -> Decisive:
    """The error a person would read first to know what went wrong.

    The last exception of the last traceback, unless it merely wraps another; a C++ `what():` line;
    otherwise the last line that sounds like an error; otherwise the text itself (a description).
    """
    if len(text) > MAX_SCAN_CHARS:
        text = text[-MAX_SCAN_CHARS:]
    lines = clean_lines(text)
    errors: list[tuple[int, str, str]] = []  # (index, type, line)
    for index, item in enumerate(lines):
        line = item.text
        if line[:1].isspace():
            continue
        match = _EXCEPTION.match(line)
        if match:
            errors.append((index, match.group("type"), line))
            continue
        what = _CPP_WHAT.match(line)
        if what:
            errors.append((index, "", what.group("message").strip()))
    chosen = _choose(errors)
    if chosen is not None:
        index, exc_type, line = chosen
        message = _with_continuation(lines, index, line)
        others = tuple(dict.fromkeys(e[2] for e in errors if e[2] != line))[-5:]
        return Decisive(message, exc_type, others, _context(lines, index))
    if len(lines) > DESCRIPTION_MAX_LINES:
        for index in range(len(lines) - 1, -1, -1):
            line = lines[index].text
            if _FALLBACK.search(line) and not BOILERPLATE.search(line):
                return Decisive(line.strip(), "", (), _context(lines, index))
    return Decisive(" ".join(" ".join(item.text for item in lines).split())[:_MAX_MESSAGE_CHARS])


def _choose(errors: list[tuple[int, str, str]]) -> tuple[int, str, str] | None:
    candidates = [e for e in errors if e[1].rsplit(".", 1)[-1] not in WRAPPERS] or errors
    real = [e for e in candidates if not e[1].endswith("Warning")] or candidates
    return real[-1] if real else None


def _with_continuation(lines: list[Line], index: int, first: str) -> str:
    """The exception line plus the message lines that follow it (a multi-line state_dict error)."""
    parts = [first.strip()]
    for item in lines[index + 1 : index + 1 + 20]:
        line = item.text
        if item.new_record:
            break
        if len(parts) >= _MAX_MESSAGE_LINES or sum(map(len, parts)) > _MAX_MESSAGE_CHARS:
            break
        if (
            _TRACEBACK.match(line)
            or _EXCEPTION.match(line.strip())
            or line.startswith(("The above", "During"))
        ):
            break
        if BOILERPLATE.search(line):
            continue
        if _FRAME.match(line) and not line.startswith("\t"):
            break
        parts.append(line.strip())
    return " ".join(parts)[: _MAX_MESSAGE_CHARS * 2]


def _context(lines: list[Line], index: int, before: int = 6) -> tuple[str, ...]:
    window = lines[max(0, index - before) : index]
    return tuple(item.text.strip() for item in window if not BOILERPLATE.search(item.text))


# --- masking ----------------------------------------------------------------------------------------

_MASKS: list[tuple[str, str]] = [
    ("uuid", r"\b[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}\b"),
    ("ts", r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?"),
    ("url", r"\bhttps?://\S+"),
    ("obj", r"<[\w.]+ object at 0x[0-9a-fA-F]+>"),
    (
        "path",
        r"(?:[A-Za-z]:)?(?:~|\.{1,2})?(?:[\\/][\w.\-@+]+)+\.(?:py|pyx|pyi|cpp|cu|cuh|h|hpp|c|so|js|ts)\b"
        r"(?:[:,]\s*(?:line\s+)?\d+)?",
    ),
    ("path", r'(?<=File ")[^"]+(?=")'),
    ("shape", r"torch\.Size\(\[[\d,\s]*\]\)"),
    ("shape", r"\(\d+x\d+(?:x\d+)* and \d+x\d+(?:x\d+)*\)"),
    ("shape", r"\[\d+(?:,\s*\d+)+\]"),
    ("shape", r"\(\d+(?:,\s*\d+)+,?\)"),
    ("mem", r"\b\d+(?:\.\d+)?\s?(?:bytes|[KMGTP]i?B)\b"),
    ("pid", r"(?:(?<=pid )|(?<=pid=)|(?<=Process )|(?<=PID ))\d+"),
    ("hex", r"\b0x[0-9a-fA-F]+\b"),
    ("sha", r"\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{12,40}\b"),
    ("ip", r"\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b"),
    ("ver", r"\b\d+(?:\.\d+){2,}(?:[+-][\w.]+)?\b"),
    ("dev", r"\b(?:cuda|xpu|mps|hpu|npu):\d+\b"),
    ("rank", r"(?:(?<=rank )|(?<=rank=)|(?<=Rank ))\d+"),
    ("num", r"(?<![\w.])[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w.])"),
]

#: Where any of the masks can start: a digit or one of a few characters, a hex letter or a device
#: name at the start of a word, a drive letter, `torch.Size` or a `File "` path. Checked first, it
#: turns most positions of a line away at once instead of trying each mask there; it changes no match.
_MASK_START = r"""(?=[\d<~.\\/(\[+\-]|\b[a-fA-Fhcxmn]|[A-Za-z]:|torch\.Size|(?<=File "))"""
_MASK = re.compile(
    _MASK_START
    + "(?:"
    + "|".join(f"(?P<{name}{n}>{pattern})" for n, (name, pattern) in enumerate(_MASKS))
    + ")"
)
_PLACEHOLDER_NAMES = {f"{name}{n}": name for n, (name, _) in enumerate(_MASKS)}


def mask(text: str) -> str:
    """Replace every variable part with a placeholder such as `<mem>`, and collapse whitespace."""

    def placeholder(match: re.Match[str]) -> str:
        return f"<{_PLACEHOLDER_NAMES[match.lastgroup or 'num0']}>"

    return " ".join(_MASK.sub(placeholder, ANSI.sub("", text)).split())


def signature(text: str) -> str:
    """The masked, lower-cased form two occurrences of the same fault share."""
    return mask(text).lower()
