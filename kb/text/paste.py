"""Understanding a paste: find the decisive error, then mask what varies between occurrences.

Pure functions over text. The same `signature()` is applied to what people paste and to the entries'
symptoms, so that `CUDA out of memory. Tried to allocate 20.00 MiB` on one box and `... 7.74 GiB` on
another become the same line. The masks follow Sentry's parameterizer (an ordered alternation of
named patterns) with ML-specific additions: tensor shapes, memory sizes, `cuda:N`, ranks, versions.

NORMALIZER_VERSION is stored beside every signature; bump it whenever masking or extraction changes,
and the store recomputes the signatures it holds.
"""

import re
from collections.abc import Callable, Iterable, Iterator

from kb.patterns import LazyPattern
from kb.records import Record

NORMALIZER_VERSION = 15

#: A huge paste is read whole only near its end (errors end logs) and around the last places before
#: that where an error is written (a traceback buried in a log that went on).
MAX_SCAN_CHARS = 2_000_000
_HOTSPOT_MARKERS = (
    "Traceback (most recent call last)",
    "Error:",
    "Exception:",
    "error:",
    "ERROR",
    "FATAL",
    "what():",
)
_HOTSPOTS_PER_MARKER = 3
_HOTSPOT_CHARS = 4_000
#: A paste up to this long offers all its prose lines (a title, sentences, log lines) to ranking.
MAX_PROSE_CHARS = 20_000

ANSI = LazyPattern(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")

#: torchrun's prefix of each line a rank printed: `[rank1]:`, `[default0]:`; the rank is group 1.
_RANK_TEXT = r"\s*\[(?:rank|default|local_rank)\s*(\d+)\]:"
#: Prefixes that tools add to every line of a program's output; the line itself goes on.
_PASSTHROUGH_PREFIX = LazyPattern(
    rf"^(?:{_RANK_TEXT}\s?"
    r"|\s*\|\s(?=\s*\S)"  # exception-group gutter "  | "
    r"|E {2,}(?=\S|\t)"  # pytest's failure lines: "E       RuntimeError: ...", "E     \tsize mismatch …"
    r"|\s*[│┃|]\s?(?=.*[│┃]\s*$))"  # inside a Rich box-drawn traceback: "│ ... │"
)
#: The right edge of a Rich box, once its left edge is gone.
_BOX_RIGHT = LazyPattern(r"(?<!\s)\s*[│┃]\s*$")
#: The top and bottom edges of a box, and the frame lines drawn inside one.
_BOX_EDGE = LazyPattern(r"^\s*[╭╰┏┗─━]|^\s*(?:[❱>]\s*)?\d+\s+[│┃]|^\s*\S+\.py:\d+ in \S+\s*$")

#: Prefixes of a new log record (glog, vLLM, Python logging): what follows is not a continuation.
_RECORD_PREFIX = LazyPattern(
    r"""^(?:
        \s*\[?[IWEF]\d{3,4}\ \d{2}:\d{2}:\d{2}\.\d+(?:\ +\d+)?\ [\w./-]+:\d+\]\s?
      | \s*\[[IWEF]\ [\w./-]+:\d+\]\s?
      | (?:INFO|WARNING|ERROR|DEBUG|CRITICAL)\ \d{2}-\d{2}\ \d{2}:\d{2}:\d{2}\ [\w.]+:\d+\]\ ?
      | \d{4}-\d{2}-\d{2}[T\ ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\s*\|\s*
        (?:TRACE|DEBUG|INFO|SUCCESS|WARNING|ERROR|CRITICAL)\s*\|\s*[\w.<>:-]+\s+-\ ?
      | \[?\d{4}-\d{2}-\d{2}[T\ ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\]?\s*(?:-\s*)?(?:[\w.]+\s*-\s*)?
        (?:\[[\w.:/-]{1,40}\]\s*)*  # a process, thread or logger in brackets: `[13129]`, `[main]`
        (?:\[?(?:INFO|WARNING|WARN|ERROR|DEBUG|CRITICAL)\]?\s*[-:|]?\s*)?
    )""",
    re.VERBOSE,
)

#: The error levels of a record prefix (_RECORD_PREFIX): a word, or glog's `E`/`F` before the date.
_ERROR_PREFIX = LazyPattern(r"\b(?:ERROR|CRITICAL|FATAL)\b|^\s*\[?[EF]\d{4}\ ")

#: Output that follows an error without being part of its message: a log record (`INFO end of run`,
#: logging's default `WARNING:root:…`, uvicorn's `INFO:     …`), a warning the warnings module
#: printed (`train.py:3: UserWarning: …`), a progress bar redrawn (` 75%|███▌  | 6/8`), a tool's
#: own line (`wandb: Waiting for W&B process…`), a prompt (`$ nvidia-smi`, `In [4]:`, `>>> `), a
#: JSON log record.
#: A shell's or an interpreter's prompt (`$ nvidia-smi`, `>>> `, IPython's `In [4]: `); read in
#: verbose patterns too, so its spaces are written as `[ ]`.
_PROMPT_TEXT = r"(?:\$|>>>|In[ ]\[\d+\]:)[ ]"
_OTHER_OUTPUT = LazyPattern(
    rf"""^(?:
        (?:INFO|WARNING|WARN|ERROR|DEBUG|CRITICAL|FATAL)(?::|\s)
      | \S[^:\n]*:\d+:\ \w*Warning:
      | .*\d%\|
      | [a-z][\w.-]*:\ \S
      | {_PROMPT_TEXT}
      | \{{"
    )""",
    re.VERBOSE,
)

#: An exception line: `RuntimeError: …`, `torch.OutOfMemoryError: …`, and the standard library's
#: modules whose exception class is a lower-case `error` (`re.error`, `struct.error`, `zlib.error`).
_EXCEPTION = LazyPattern(
    r"^(?P<type>(?:[A-Za-z_][\w]*\.)*(?:[A-Z]\w*)?(?:Error|Exception|Warning|Interrupt|Exit|Fault|Failure)"
    r"|(?:[A-Za-z_]\w*\.)+error)"
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
        # a TaskGroup's or an except*'s group: its sub-exceptions are the errors, each a reading
        "ExceptionGroup",
        "BaseExceptionGroup",
    }
)
#: Messages that only say that something else failed (a build step, a subprocess, a worker). torch
#: re-raises an error from a DataLoader worker as `KeyError: Caught KeyError in DataLoader worker
#: process 0.` above the worker's own traceback: that says where the error was raised, not which.
#: A process pool prints the worker's traceback under `concurrent.futures.process._RemoteTraceback:`
#: (multiprocessing's and joblib's alike): the header of a traceback, no words of anyone's.
WRAPPER_MESSAGE = LazyPattern(
    r"^\s*(?:[\w.]+\.)?_?RemoteTraceback:\s*$"
    r"|Error compiling objects for extension|subprocess-exited-with-error|returned non-zero exit status"
    r"|failed with exit (?:code|status)|Command errored out with exit status"
    r"|exited with (?:exit )?(?:code|status)|failed \(exitcode: -?\d+\)"
    r"|^(?:Worker|Process) \S+ (?:died|exited)|Caught \w+ in DataLoader worker process \d+"
    r"|error occurred while executing the following cell",
    re.IGNORECASE,
)

#: Lines CUDA, ROCm, pip and build tools append to every error; they say nothing about which it was.
BOILERPLATE = LazyPattern(
    r"(?:CUDA|HIP) kernel errors might be asynchronously reported"
    r"|For debugging consider passing (?:CUDA_LAUNCH_BLOCKING|AMD_SERIALIZE_KERNEL)"
    r"|Compile with `?TORCH_USE_(?:CUDA|HIP)_DSA`? to enable device-side assertions"
    r"|^Search for `cuda"
    r"|^\s*(?:Exception raised from|frame #\d+:)"
    r"|^To execute this test, run the following"
    r"|subprocess-exited-with-error|did not run successfully|^\s*(?:[│|]\s*)?exit code: \d+"
    r"|^\s*╰─>|^\s*note: This (?:error originates from a subprocess|is an issue with the package)"
    r"|Failed (?:building wheel|to build)|Could not build wheels|failed-wheel-build-for-install"
    r"|\[end of output\]|See above for output|hint: This usually indicates a problem"
    r"|ninja: build stopped|^\s*(?:=+|-+)\s*$|To enable traceback see:|^\S+ FAILED\s*$"
    r"|^\s*Root Cause \(first observed failure\)|^\s*Failures:\s*$|<NO_OTHER_FAILURES>"
)

_FRAME = LazyPattern(r'^\s+(?:File "|at |\^|~)|^\s*(?:\^|~)+\s*$|^\s{4,}\S')
_FRAME_HEAD = LazyPattern(r'^\s*File "[^"]+", line \d+')
#: Python's traceback header, and the one torch prints over the traceback a DataLoader worker (or
#: any process torch's ExceptionWrapper carried it from) raised: `Original Traceback (most recent
#: call last):`, the header and not a person's words.
_TRACEBACK = LazyPattern(r"^\s*(?:Original )?Traceback \(most recent call last\):")
#: What pytest prints after a failure's message (`tests/test_x.py:12: IndexError`, with `--tb=line`
#: the message again after it, a titled rule such as `==== short test summary info ====`): where
#: the report goes on, not more of the message. A bare
#: rule is not one: messages draw them (torchrun's failure block).
_REPORT_GOES_ON = LazyPattern(r"^(?:\S+\.py|<[^>\n]+>):\d+: [\w.]+(?:: .*)?$|^[=_]{3,} \S.* [=_]{3,}$")
_CHAINED = LazyPattern(r"^\s*(?:The above exception was the direct cause|During handling of the above)")
_CPP_WHAT = LazyPattern(r"^\s*what\(\):\s*(?P<message>.+)$")
_CPP_TERMINATE = LazyPattern(r"terminate called after throwing an instance of '(?P<type>[\w:]+)'")
#: A log line at error level: `[TensorRT] ERROR: …`, `nvcc fatal : …`, `error: …`, `E0601 …`.
_ERROR_LEVEL = LazyPattern(
    r"^\s*(?:\[[\w .-]+\]\s*)?(?:ERROR|FATAL|CRITICAL|Error|error|fatal)\b\s*(?:\[[^\]]*\])?\s*:(?=\s*\S)"
    r"|^\s*(?:\[[^\]]{1,40}\]\s*){0,3}\[(?:E|ERROR|F|FATAL)\]\s*\S"
    r"|^\s*[\w.+-]+(?:\.\w+)?\s+fatal\s*:|^\s*\S+\.(?:cpp|cu|h|hpp|c|cc):\d+(?::\d+)?:\s*(?:fatal )?error"
    # argparse's refusal, after its usage lines: `train.py: error: argument --lr: invalid float value`
    r"|^\s*[\w.+-]+: error: (?=\S)"
    # the shell's word on a job a signal ended: `train.sh: line 2: 27361 Killed   python train.py`
    r"|^\s*(?:\S+: line \d+: )?\d+ (?:Killed|Segmentation fault|Aborted|Bus error)\b"
)
#: A level word and nothing else (`ERROR:`): the error itself is on another line.
_BARE_LEVEL = LazyPattern(r"^\W*\w+\W*$")
_FALLBACK = LazyPattern(
    r"\b(?:error|errno|failed|failure|killed|exception|fatal|abort(?:ed)?|panic|assert(?:ion)?|"
    r"nan|inf|out of memory|oom|segmentation fault|core dumped|refused|denied|timeout|timed out|hang)\b",
    re.IGNORECASE,
)

_MAX_MESSAGE_LINES = 3

#: A paste with no exception and at most this many lines is a description: all of it matters.
DESCRIPTION_MAX_LINES = 25
_MAX_MESSAGE_CHARS = 500
#: How many lines, besides the decisive one, a paste may offer as what it might be about.
MAX_CANDIDATES = 4


class Decisive(Record):
    """What a paste is about: its decisive error line, and the other errors seen on the way.

    CANDIDATES are the other lines that might be the real error (the first error of a chain, an
    error-level log line above a knock-on exception, a warning that explains it); ranking weighs
    each of them against every entry and lets the evidence decide.
    """

    line: str
    exception_type: str = ""
    other_errors: tuple[str, ...] = ()
    context: tuple[str, ...] = ()
    candidates: tuple[tuple[str, str], ...] = ()  # (line, exception type)
    #: The paste's own lines without its stack frames, for a paste short enough to weigh them all.
    prose: tuple[str, ...] = ()
    #: No line reads as an error, so LINE is the text itself, as a description: what a search is
    #: given to find, and no error line for `kb add` to take from a log (its progress lines are not
    #: what went wrong).
    described: bool = False

    @property
    def short_type(self) -> str:
        """`torch.OutOfMemoryError` → `OutOfMemoryError`."""
        return self.exception_type.rsplit(".", 1)[-1]


class Line(Record):
    text: str
    new_record: bool  # it began with a log-record prefix, so it continues nothing before it
    #: That prefix gave the record an error level (`… - ERROR - …`, loguru's `| ERROR |`, glog's `E1204`).
    error_record: bool = False
    #: The rank torchrun's `[rank1]:` prefix said printed the line.
    rank: str | None = None
    #: pytest's short test summary said it (`FAILED tests/test_x.py::test_y - IndexError: …`): the
    #: error of a failure shown above it, cut to the terminal's width.
    summary: bool = False


def as_a_terminal_shows(text: str) -> str:
    """TEXT as a terminal shows it: without colour codes, and what a carriage return starts again (a
    progress bar's) on a line of its own. A paste is read so, and a check's output (kb.verify.verdict),
    so that `^fault: ` finds its line after a bar left on stderr, or printed in colour."""
    return ANSI.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))


#: Prefixes a tool writes before every line it passes on, the line itself unchanged after them:
#: `docker logs -t` and `kubectl logs --timestamps` (an RFC 3339 time), `kubectl logs --prefix`
#: (`[pod/trainer-7d9f8/trainer] `), `srun --label` (the task, `0: `, padded to the widest), and a
#: quote in chat, an issue or an e-mail (`> `).
_TOOL_PREFIXES = (
    LazyPattern(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2}) "),
    LazyPattern(r"^\[(?:pod|deployment|job|statefulset|daemonset)/[^\]\s]+\] "),
    LazyPattern(r"^ *\d{1,5}: "),
    LazyPattern(r"^>(?!>) ?"),
)
#: A prefix is a tool's when it starts at least this share of the paste's lines.
_TOOL_PREFIX_SHARE = 0.6


def without_tool_prefixes(text: str) -> str:
    """TEXT without the prefix a tool wrote before each of its lines (_TOOL_PREFIXES): one that starts
    most of them, taken off wherever it starts one; then again, for a prefix under another
    (`kubectl logs --prefix --timestamps`). A prefix on a few lines is theirs, and stays."""
    lines = text.split("\n")
    for _ in range(len(_TOOL_PREFIXES)):
        written = [line for line in lines if line.strip()]
        for prefix in _TOOL_PREFIXES:
            if sum(1 for line in written if prefix.match(line)) >= max(1, _TOOL_PREFIX_SHARE * len(written)):
                lines = [prefix.sub("", line, count=1) for line in lines]
                break
        else:
            break
    return "\n".join(lines)


def clean_lines(text: str) -> list[Line]:
    """The paste's lines without colour codes, tools' and rank/log/pytest prefixes, box edges and
    caret markers."""
    text = _outdented_tracebacks(without_tool_prefixes(as_a_terminal_shows(text)))
    lines = []
    for raw in _reshaped(text).split("\n"):
        rank = _RANK_PREFIX.match(raw)
        line = _PASSTHROUGH_PREFIX.sub("", raw, count=1)
        record = _RECORD_PREFIX.match(line)
        error_record = False
        if record and record.end() > 0:
            error_record = _ERROR_PREFIX.search(record.group()) is not None
            line = line[record.end() :]
        line = _PASSTHROUGH_PREFIX.sub("", line, count=1)
        if _BOX_RIGHT.search(raw):
            line = _BOX_RIGHT.sub("", line)
        summary = _PYTEST_SUMMARY.match(line)
        if summary:
            line = summary.group("error").removesuffix("...")
        if line.strip() and not set(line.strip()) <= {"^", "~"} and not _GROUP_RULE.match(line):
            said = rank.group(1) if rank else None
            new_record = bool(record and record.end() > 0)
            lines.append(Line(line.rstrip(), new_record, error_record, said, summary is not None))
    return lines


#: A traceback's header, Python's or IPython's, wherever a line starts it.
_ANY_TRACEBACK_HEAD = LazyPattern(r"^(?P<indent> +)(?:[\w.]+\s{2,})?Traceback \(most recent call last\)")


def _outdented_tracebacks(text: str) -> str:
    """TEXT with each traceback that was indented as a whole (a notebook's output exported to
    Markdown, a code block in an e-mail) moved back to the margin: the lines from its header on, as
    long as they keep its indentation, and a rule just above it (IPython's). Read in place, its
    frames were the paste's prose and a library's source line its error."""
    if "Traceback (most recent call last)" not in text:
        return text
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        head = _ANY_TRACEBACK_HEAD.match(lines[index])
        if head is None or len(head.group("indent")) > 8:
            index += 1
            continue
        indent = head.group("indent")
        start = index
        while start > 0 and not lines[start - 1].strip():
            start -= 1
        if start > 0 and lines[start - 1].startswith(indent) and set(lines[start - 1].strip()) == {"-"}:
            lines[start - 1] = lines[start - 1][len(indent) :]
        while index < len(lines) and (lines[index].startswith(indent) or not lines[index].strip()):
            lines[index] = lines[index][len(indent) :]
            index += 1
    return "\n".join(lines)


#: The rules an exception group draws between its sub-exceptions: `+-+---- 1 ----`, `+------` (not
#: a table's border, `+-----+-----+`, which ends a message above it).
_GROUP_RULE = LazyPattern(r"^\s*\+(?:-\+)?-{4,}(?: (?:\d+|\.\.\.) -{4,})?\s*$")
#: A line of pytest's short test summary: `FAILED tests/test_x.py::test_y[a b] - IndexError: …`.
_PYTEST_SUMMARY = LazyPattern(r"^(?:FAILED|ERROR) [^\s\[]+(?:\[[^\]]*\])? - (?P<error>\S.*)$")


_FLATTENED = LazyPattern(r'\s(?=Traceback \(most recent call last\):|File "[^"]+", line \d+)')
_FLAT_EXCEPTION = LazyPattern(r"(?<=\S)\s+(?=(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception): )")


def _reshaped(text: str) -> str:
    """A traceback a forum flattened onto one line, or a JSON log record holds as an escaped string
    (`"exc_info": "Traceback (most recent call last):\\n  File …"`), given its lines back."""
    out = []
    for line in text.split("\n"):
        if line.lstrip().startswith("{") and "Traceback (most recent call last):" in line:
            line = _record_traceback(line)
        if len(line) > 200 and line.count('File "') >= 2:
            line = _FLATTENED.sub("\n", line)
            last = line.rsplit("\n", 1)
            last[-1] = _FLAT_EXCEPTION.sub("\n", last[-1])
            line = "\n".join(last)
        out.append(line)
    return "\n".join(out)


def _record_traceback(line: str) -> str:
    """The traceback a JSON log record holds in one of its strings (logging's `exc_info`, a `stack`),
    with the record's message before it; LINE as it is when it is no such record."""
    import json  # deferred: only a JSON log with a traceback in it needs it

    try:
        record = json.loads(line)
    except ValueError:
        return line
    if not isinstance(record, dict):
        return line
    held = [v for v in record.values() if isinstance(v, str) and "Traceback (most recent call last):" in v]
    said = [v for v in (record.get("msg"), record.get("message")) if isinstance(v, str) and "\n" not in v]
    return "\n".join([*said, *held]) if held else line


def focused(text: str) -> str:
    """TEXT itself, or for a huge paste its tail plus the neighbourhood of the last few error marks
    before the tail, found with plain substring search so that a 100 MB log costs milliseconds."""
    if len(text) <= MAX_SCAN_CHARS:
        return text
    start_of_tail = len(text) - MAX_SCAN_CHARS
    spots: set[int] = set()
    for marker in _HOTSPOT_MARKERS:
        end = start_of_tail
        for _ in range(_HOTSPOTS_PER_MARKER):
            found = text.rfind(marker, 0, end)
            if found < 0:
                break
            spots.add(found)
            end = found
    pieces: list[str] = []
    covered = 0
    for spot in sorted(spots):
        begin = max(covered, text.rfind("\n", 0, max(0, spot - _HOTSPOT_CHARS)) + 1)
        finish = text.find("\n", min(start_of_tail, spot + _HOTSPOT_CHARS))
        finish = start_of_tail if finish < 0 or finish > start_of_tail else finish
        if begin < finish:
            pieces.append(text[begin:finish])
            covered = finish
    tail_start = text.find("\n", start_of_tail) + 1 or start_of_tail
    return "\n".join([*pieces, text[tail_start:]])


def find_decisive(text: str) -> Decisive:
    """The error a person would read first to know what went wrong, and the other lines it might be.

    The last exception of the last traceback, unless it merely wraps another; a C++ `what():` line;
    otherwise the last line that sounds like an error; otherwise the text itself (a description).
    """
    lines = clean_lines(focused(text))
    decisive = _decide(lines)
    if len(text) <= MAX_PROSE_CHARS:
        decisive = decisive._replace(prose=_prose(lines))
    return decisive


def _decide(lines: list[Line]) -> Decisive:
    errors = _errors(lines)
    ignored = _ignored_errors(lines, errors)
    chosen = _choose(errors, lines, ignored)
    if chosen is not None:
        index, exc_type, line = chosen
        # pytest's own notes follow its assertion; its summary says an error in one line
        whole = exc_type == "what()" or line.startswith(_PYTEST_ASSERTION) or lines[index].summary
        message = line if whole else _with_continuation(lines, index, line)
        exc_type = "" if exc_type == "what()" else exc_type
        others = tuple(dict.fromkeys(e[2] for e in errors if e[2] != line))[-5:]
        alternatives = _alternatives(lines, errors, chosen, ignored)
        return Decisive(message, exc_type, others, _context(lines, index), alternatives)
    levelled = _first_unrecovered(list(_error_level_lines(lines)))
    if levelled:  # a log: its first error-level line is where it went wrong
        index, line = levelled
        last = _fallback_lines(lines)[-1:]
        alternatives = tuple((other, "") for _, other in last if other != line)
        return Decisive(line, "", (), _context(lines, index), alternatives)
    if len(lines) > DESCRIPTION_MAX_LINES or errors:
        fallback = _fallback_lines(lines)
        if fallback:
            index, line = fallback[-1]
            alternatives = tuple((other, "") for _, other in fallback[:1] if other != line)
            wrapped = tuple((e[2], e[1]) for e in errors)[-1:]
            return Decisive(line, "", (), _context(lines, index), (*alternatives, *wrapped))
    if errors:  # nothing but a wrapper: it is all there is to go on
        index, exc_type, line = errors[-1]
        return Decisive(_with_continuation(lines, index, line), exc_type, (), _context(lines, index))
    text = " ".join(" ".join(item.text for item in lines).split())[:_MAX_MESSAGE_CHARS]
    return Decisive(text, described=True)


def _errors(lines: list[Line]) -> list[tuple[int, str, str]]:
    """(index, exception type, line) of every exception, C++ what() and the line after a traceback.

    A traceback that a tool indented (pip's "[13 lines of output]") ends in an exception at the
    traceback's own indentation, so that indentation counts as the margin.
    """
    errors: list[tuple[int, str, str]] = []
    margin = 0
    for index, item in enumerate(lines):
        line = item.text
        indent = len(line) - len(line.lstrip())
        if _TRACEBACK.match(line):
            margin = indent
        elif _FRAME_HEAD.match(line):  # frames sit two columns inside their traceback
            margin = max(0, indent - 2)
        if indent and indent == margin:
            line = line[indent:]
        what = _CPP_WHAT.match(line)
        if what:
            errors.append((index, "what()", what.group("message").strip()))
            continue
        terminate = _CPP_TERMINATE.search(line)
        if terminate:
            errors.append((index, terminate.group("type").rsplit(":", 1)[-1], line.strip()))
            continue
        if line[:1].isspace() or _BOX_EDGE.match(line):
            continue
        match = _EXCEPTION.match(line)
        if match:
            errors.append((index, match.group("type"), line))
        elif _ends_traceback(lines, index):
            errors.append((index, "", line.strip()))
        elif _PYTEST_ASSERTION_AT.match(line):
            failed = _pytest_assertion(lines, index)
            if failed is not None:
                errors.append(failed)
    return errors


#: Where pytest says a plain `assert` failed (`tests/test_x.py:6: AssertionError`), its `E` lines
#: above holding the assertion itself (`assert torch.Size([4, 3]) == (4, 3, 1)`) and no exception line.
_PYTEST_ASSERTION_AT = LazyPattern(r"^\S+\.py:\d+: AssertionError$")
_PYTEST_ASSERTION = "AssertionError: assert "


def _pytest_assertion(lines: list[Line], index: int) -> tuple[int, str, str] | None:
    """The failed assertion of the pytest report whose location is line INDEX, read as the error
    `AssertionError: assert …`; None when an exception line already says what failed."""
    for back in range(index - 1, max(-1, index - 15), -1):
        text = lines[back].text.strip()
        if _EXCEPTION.match(text) or text.startswith(">"):
            return None
        if text.startswith("assert "):
            return back, "AssertionError", f"{_PYTEST_ASSERTION}{text.removeprefix('assert ')}"
    return None


def _ends_traceback(lines: list[Line], index: int) -> bool:
    """Whether line INDEX is the message a traceback ends with though it names no exception type:
    it follows a frame (`File "…", line N` and its code line, or the frame alone, as Python prints
    one whose source it cannot show: pyarrow's `File "pyarrow/error.pxi", line 92, in …`) and is not
    another frame."""
    line = lines[index].text
    if _FRAME_HEAD.match(line) or _TRACEBACK.match(line) or index < 1 or lines[index].new_record:
        return False
    if line.startswith(" "):
        return False
    previous = lines[index - 1].text
    if _FRAME_HEAD.match(previous):  # a code line sits deeper than its frame; a forum strips both
        return previous[:1].isspace()
    before = lines[index - 2].text if index >= 2 else ""
    return bool(_FRAME_HEAD.match(before)) and not _EXCEPTION.match(previous.strip())


def _is_wrapper(error: tuple[int, str, str]) -> bool:
    named = error[1] or error[2].split(":", 1)[0]  # `ExceptionGroup: …` reads as no exception line
    return named.rsplit(".", 1)[-1] in WRAPPERS or bool(WRAPPER_MESSAGE.search(error[2]))


def class_and_message(line: str) -> tuple[str, str] | None:
    """LINE read as an exception's `Class: message`: the class as written (`KeyError`,
    `json.decoder.JSONDecodeError`) and the message after its first colon, both stripped; the message
    may be empty (`RuntimeError:`). None when no single word comes before a colon: a sentence, a
    description, a line with no colon."""
    name, separator, message = line.partition(":")
    name = name.strip()
    if not separator or not name or any(c.isspace() for c in name):
        return None
    return name, message.strip()


def is_wrapper_line(line: str) -> bool:
    """Whether LINE only says that something else failed (`CalledProcessError: Command '…' returned
    non-zero exit status 1`, torchrun's `failed (exitcode: 1) local_rank: 1`): its words are the
    wrapper's, no evidence of which fault."""
    match = _EXCEPTION.match(line.strip())
    return _is_wrapper((0, match.group("type") if match else "", line))


def _choose(
    errors: list[tuple[int, str, str]], lines: list[Line], ignored: set[int]
) -> tuple[int, str, str] | None:
    """The error a paste is about: the last that is not a wrapper, a warning or one Python reported as
    IGNORED (unless nothing else is left); in a torchrun paste
    whose failure report names the root cause's rank, the last of that rank's (another rank's error
    is what the crash did to it: `Connection closed by peer`)."""
    candidates = [e for e in errors if not _is_wrapper(e)]
    candidates = [e for e in candidates if e[0] not in ignored] or candidates
    root = _root_cause_rank(lines)
    if root is not None:
        candidates = [e for e in candidates if lines[e[0]].rank == root] or candidates
    real = [e for e in candidates if not e[1].endswith("Warning")] or candidates
    return real[-1] if real else None


#: Python's report of an error it could not raise (in a `__del__`, an atexit callback, a thread's
#: cleanup at exit): `Exception ignored in: <function Loader.__del__ at 0x7f…>`, then its traceback.
_IGNORED = LazyPattern(r"^\s*Exception ignored\b")


def _ignored_errors(lines: list[Line], errors: list[tuple[int, str, str]]) -> set[int]:
    """The lines of ERRORS that Python reported as ignored: each is the first error after an
    `Exception ignored in` line. Such an error did not end the run (a finaliser failing as the
    process went down after the real error), so it is not what the paste is about, unless it is
    all the paste holds. So too pytest's short summary of an error the report shows above it."""
    ignored: set[int] = set()
    for index, item in enumerate(lines):
        if _IGNORED.match(item.text):
            later = next((e for e in errors if e[0] > index), None)
            if later is not None:
                ignored.add(later[0])
    if any(not lines[e[0]].summary for e in errors):  # pytest's summary restates one shown whole
        ignored.update(e[0] for e in errors if lines[e[0]].summary)
    return ignored


#: torchrun's failure report: `Root Cause (first observed failure):` then `rank : 1 (local_rank: 1)`.
_ROOT_CAUSE = LazyPattern(r"^\s*Root Cause \(first observed failure\):")
_REPORTED_RANK = LazyPattern(r"^\s*rank\s*:\s*(\d+)")
_RANK_PREFIX = LazyPattern(rf"^{_RANK_TEXT}")


def _root_cause_rank(lines: list[Line]) -> str | None:
    """The rank torchrun's failure report names as the root cause, if the paste holds one."""
    for index, item in enumerate(lines):
        if _ROOT_CAUSE.match(item.text):
            for later in lines[index + 1 : index + 8]:
                reported = _REPORTED_RANK.match(later.text)
                if reported:
                    return reported.group(1)
            return None
    return None


def _alternatives(
    lines: list[Line], errors: list[tuple[int, str, str]], chosen: tuple[int, str, str], ignored: set[int]
) -> tuple[tuple[str, str], ...]:
    """Other lines the paste might be about: the first error of a chain, the first error-level log
    line, a warning, a C++ what(); the closest to the top of the paste first, a few at most."""
    found: list[tuple[str, str]] = []
    went_on = _went_on_after(lines, chosen[0])
    real = [
        e
        for e in errors
        if not _is_wrapper(e) and e is not chosen and not went_on(e[0]) and e[0] not in ignored
    ]
    firsts = [e for e in real if not e[1].endswith("Warning")][:1]
    warnings = [e for e in real if e[1].endswith("Warning")][-1:]
    for index, exc_type, line in (*firsts, *warnings):
        kind = "" if exc_type == "what()" else exc_type
        text = line if exc_type == "what()" else _with_continuation(lines, index, line)
        found.append((text, kind))
    levelled = next(
        (line for index, line in _error_level_lines(lines) if index != chosen[0] and not went_on(index)), None
    )
    if levelled:
        found.append((levelled, ""))
    return tuple(dict.fromkeys(found))[:MAX_CANDIDATES]


#: A log record of a level below error whose prefix clean_lines() keeps in the text (logging's default
#: `INFO:root:…`, `[INFO] …`); the prefixes it strips (timestamped records, glog's) mark new_record.
_ORDINARY_RECORD = LazyPattern(
    r"^\s*(?:\[?\d{4}-\d{2}-\d{2}[T ][\d:.,]+\]?\s*(?:-\s*)?(?:[\w.]+\s*-\s*)?)?"
    r"\[?(?:INFO|DEBUG|NOTICE|I\d{4})\b\]?\s*[-:|]"
)


def _went_on_after(lines: list[Line], chosen: int) -> Callable[[int], bool]:
    """Whether the run went on with ordinary log records (INFO, DEBUG, a warning) after the error at
    a line index, before the CHOSEN one: such an error was handled and logged (`logging.exception`
    in a loop that skips a bad batch), and is no reading of the error that ended the run."""
    ordinary = [
        n
        for n, line in enumerate(lines[:chosen])
        if (line.new_record and not line.error_record) or _ORDINARY_RECORD.match(line.text)
    ]
    return lambda index: any(index < n < chosen for n in ordinary)


def _error_level_lines(lines: list[Line]) -> Iterator[tuple[int, str]]:
    """(index, line) of each error-level log line that is not boilerplate, top to bottom."""
    for index, item in enumerate(lines):
        if (
            (item.error_record or _ERROR_LEVEL.match(item.text))
            and not BOILERPLATE.search(item.text)
            and not is_wrapper_line(item.text)
        ):
            yield index, item.text.strip()


#: An error record that says the run goes on: `upload failed: …; retrying in 5 s (attempt 1/3)`.
_RETRYING = LazyPattern(r"\b(?:retrying|will retry|retry in|retries (?:left|remaining))\b", re.IGNORECASE)


def _first_unrecovered(levelled: list[tuple[int, str]]) -> tuple[int, str] | None:
    """The first of the error-level lines LEVELLED that does not say the run will retry what failed,
    unless all do: a retried upload is not why the run stopped at a later error."""
    final = (item for item in levelled if not _RETRYING.search(item[1]))
    return next(final, levelled[0] if levelled else None)


def _fallback_lines(lines: list[Line]) -> list[tuple[int, str]]:
    """The lines of a log that sound like an error, boilerplate and wrappers left out."""
    return [
        (index, item.text.strip())
        for index, item in enumerate(lines)
        if _FALLBACK.search(item.text)
        and not _BARE_LEVEL.match(item.text)
        and not BOILERPLATE.search(item.text)
        and not WRAPPER_MESSAGE.search(item.text)
        and not _TRACEBACK.match(item.text)
        and not _FRAME_HEAD.match(item.text)
    ]


#: A line drawn across a report (`-----`, `=====`): what follows it is the report's, not the message's.
_RULE = LazyPattern(r"^\s*(?:-{3,}|={3,})\s*$")


def _with_continuation(lines: list[Line], index: int, first: str) -> str:
    """The exception line plus the message lines that follow it (a multi-line state_dict error).

    An exception line with nothing after its colon (`RuntimeError:`) has its message on the indented
    lines below it, which are taken as they are.
    """
    parts = [first.strip()]
    bare = first.rstrip().endswith(":") and bool(_EXCEPTION.match(first.strip()))
    rank = lines[index].rank
    for item in lines[index + 1 : index + 1 + 20]:
        line = item.text
        if rank is not None and item.rank != rank:
            break  # another process's output, interleaved by torchrun
        if bare and line[:1].isspace() and not _FRAME_HEAD.match(line) and len(parts) < _MAX_MESSAGE_LINES:
            if not BOILERPLATE.search(line):
                parts.append(line.strip())
            continue
        if item.new_record or _OTHER_OUTPUT.match(line):
            break
        if _RULE.match(line) and not parts[-1].endswith(":"):
            break  # a rule under a message that said all it meant ends it: unittest's, above `Ran 1 test`
        if len(parts) >= _MAX_MESSAGE_LINES or sum(map(len, parts)) > _MAX_MESSAGE_CHARS:
            break
        if (
            _TRACEBACK.match(line)
            or _EXCEPTION.match(line.strip())
            or _CHAINED.match(line)
            or _FRAME_HEAD.match(line)
            or _REPORT_GOES_ON.match(line)
            or _IGNORED.match(line)
        ):
            break
        if BOILERPLATE.search(line):
            continue
        if _FRAME.match(line) and not line.startswith("\t"):
            break
        parts.append(line.strip())
    return " ".join(parts)[: _MAX_MESSAGE_CHARS * 2]


#: A frame's head, for what it says of the code: its file and function, not `File`, `line 12`, `in`.
_FRAME_PARTS = LazyPattern(r'^\s*File "(?P<path>[^"]+)", line \d+(?:, in (?P<function>.*))?')


#: IPython's and Jupyter's traceback: a header (`RuntimeError    Traceback (most recent call last)`),
#: frame heads (`File ~/train.py:5, in step(x)`, `Cell In[3], line 2`, older IPython's
#: `<ipython-input-3-…> in <module>` and `~/train.py in step(x)`), then numbered source lines, the
#: failing one marked (`----> 5 loss = …`).
_IPYTHON_HEAD = LazyPattern(r"^[\w.]+\s{2,}Traceback \(most recent call last\)\s*$")
_IPYTHON_FRAME = LazyPattern(
    r"^\s*(?:(?:File (?P<path>\S.*?):\d+|(?P<cell>Cell In ?\[\d+\]), line \d+)(?:,? in (?P<function>\S.*?))?"
    r"|(?P<old>\S+\.py|<ipython-input-[^>]*>) in (?P<old_function>\S.*?))\s*$"
)
_NUMBERED_SOURCE = LazyPattern(r"^(?:\s+|(?P<mark>-*>)\s*)\d+(?:\s|$)")
#: pytest's report: a frame head (`src/model.py:125: in forward`), where a test failed
#: (`tests/test_x.py:5:`), the rule between frames (`_ _ _ _`), and the failing source line (`>   …`).
_PYTEST_FRAME = LazyPattern(
    r"^(?P<test_path>\S+):\d+:(?: in (?P<function>\S+))?\s*$|^(?:_ )+_\s*$"
    r"|^(?P<raised_in>\S+\.py|<[^>\n]+>):\d+: (?![\w.]*Warning:)[\w.]+(?:: .*)?$"  # not the warnings module's
)
#: pytest's own lines around a report: its header (`platform linux -- Python 3.11.7, pytest-8.3.2`,
#: `rootdir: …`, `collected 3 items`), a test file's progress (`tests/test_x.py .F.  [100%]`), and
#: its titled rules (`==== 1 failed in 1.33s ====`, `!!!! stopping after 1 failures !!!!`).
_PYTEST_OWN = LazyPattern(
    r"^(?:platform \S+ -- Python |rootdir: |configfile: |plugins: |cachedir: |collect(?:ed|ing) \d+ items?)"
    r"|^\S+\.py [.FEsxX]+(?:\s+\[\s*\d+%\])?$|^[=_!-]{3,} \S.* [=_!-]{3,}$"
)
_PYTEST_FAILING = LazyPattern(r"^>\s{2,}(?=\S)")


class FramedCall(Record):
    """The file and function a traceback frame's head names (framed_call())."""

    path: str
    function: str


def framed_call(text: str) -> FramedCall | None:
    """The file and function TEXT names when it is a frame's head that names both, as Python prints
    one (`File "train.py", line 9, in load_annotations`), IPython and Jupyter (`File ~/train.py:9, in
    load_annotations(path)`, `Cell In[3], line 2, in build(cfg)`, whose file is the cell) and
    pytest's report (`src/data.py:40: in load_annotations`); the function without its arguments."""
    for pattern in (_FRAME_PARTS, _IPYTHON_FRAME, _PYTEST_FRAME):
        head = pattern.match(text)
        if head:
            parts = head.groupdict()
            path = parts.get("path") or parts.get("cell") or parts.get("old") or parts.get("test_path")
            called = _CALLED.match(parts.get("function") or parts.get("old_function") or "")
            return FramedCall(path, called.group()) if path and called else None
    return None


def pytest_raised_in(text: str) -> str | None:
    """The file of pytest's line under the innermost frame, the one that raised (`src/features.py:7:
    AssertionError`); None for any other line."""
    head = _PYTEST_FRAME.match(text)
    return head.group("raised_in") if head else None


#: A function's name as a frame's head gives it, before its arguments (IPython's `build(cfg)`).
_CALLED = LazyPattern(r"[\w.<>]+")


def _frame_head(text: str) -> str | None:
    """A frame's head (Python's, IPython's or pytest's) as the place it names, its file and function;
    an empty string for a head that names none; None when TEXT is no frame's head."""
    for pattern in (_FRAME_PARTS, _IPYTHON_FRAME, _PYTEST_FRAME):
        head = pattern.match(text)
        if head:
            parts = head.groupdict()
            place = parts.get("path") or parts.get("old") or ""
            return f"{place} {parts.get('function') or parts.get('old_function') or ''}".strip()
    return None


def _code_lines(lines: list[Line]) -> set[int]:
    """The lines of LINES that are source code a traceback shows: the line under a Python frame's
    head, IPython's numbered lines (indented to the width of its `---->` mark), pytest's `>` line
    and its report of each frame's arguments (`input = tensor(…)`), the cell nbconvert shows above
    a notebook's traceback, and, in a paste that shows frames, every line indented by four spaces or
    more (a call that spans lines, a test's source in pytest's report)."""
    code: set[int] = set()
    ipython = any(_IPYTHON_FRAME.match(item.text) or _IPYTHON_HEAD.match(item.text) for item in lines)
    framed = ipython or any(_FRAME_HEAD.match(item.text) for item in lines)
    pytest = any(_PYTEST_FRAME.match(item.text) for item in lines)
    cell = False
    for index, item in enumerate(lines):
        text = item.text
        if _CELL_RULE.match(text) and (cell or (index and _CELL_FOLLOWS.search(lines[index - 1].text))):
            cell = not cell
            continue
        if cell:
            code.add(index)
            continue
        if _FRAME_HEAD.match(text) or _IPYTHON_FRAME.match(text) or _PYTEST_FRAME.match(text):
            continue
        if ipython and _NUMBERED_SOURCE.match(text):
            code.add(index)
            continue
        under_head = index > 0 and _FRAME_HEAD.match(lines[index - 1].text)
        indented = (framed or pytest) and text.startswith("    ")
        if under_head or indented or _PYTEST_FAILING.match(text) or (pytest and _ARGUMENT.match(text)):
            code.add(index)
    return code


#: nbconvert's and nbclient's CellExecutionError: the cell's source between two rules.
_CELL_FOLLOWS = LazyPattern(r"error occurred while executing the following cell:\s*$")
_CELL_RULE = LazyPattern(r"^-{10,}\s*$")
#: pytest's report of a frame's arguments: `input = tensor([…])`, one a line, under its source.
_ARGUMENT = LazyPattern(r"^[A-Za-z_]\w* = \S")


def _failing_source(text: str) -> str | None:
    """The source line a traceback marks as the one that failed (IPython's `----> 5 …`, pytest's
    `>   …`), without its mark; None for any other line."""
    numbered = _NUMBERED_SOURCE.match(text)
    if numbered and numbered.group("mark"):
        return text[numbered.end() :].strip()
    if _PYTEST_FAILING.match(text):
        return text[1:].strip()
    return None


def _context(lines: list[Line], index: int, before: int = 6) -> tuple[str, ...]:
    """The lines just above the decisive one, as words about it: the traceback's header and each
    frame's `File "…", line N, in` are its form, the same in every traceback (their `recent`, `last`
    and `line` put a learning-rate entry first for a plain dict's KeyError), and left out. Of the
    source lines IPython and pytest show around a failing line, the failing line alone is kept, as
    Python's traceback shows it."""
    start = max(0, index - before)
    code = _code_lines(lines[: index + 1])
    context = []
    for at in range(start, index):
        text = lines[at].text
        if BOILERPLATE.search(text) or _TRACEBACK.match(text) or _IPYTHON_HEAD.match(text):
            continue
        head = _frame_head(text)
        if head is not None:
            if head:
                context.append(head)
            continue
        failing = _failing_source(text)
        if failing is not None:
            context.append(failing)
        elif at not in code or (at and _FRAME_HEAD.match(lines[at - 1].text)):
            context.append(text.strip())
    return tuple(context)


_PROMPT = LazyPattern(rf"^{_PROMPT_TEXT}")


def _prose(lines: list[Line]) -> tuple[str, ...]:
    """The lines a person wrote or a program logged: not traceback frames (a frame's head, Python's,
    IPython's or pytest's, and the source lines a traceback shows, _code_lines(); a Rich box's frame
    heads and the numbered source lines around each frame, comments of installed libraries among
    them), not the traceback header, not a wrapper's line (is_wrapper_line()). A prompt after an
    error (`$ nvidia-smi`) starts another command's output: what it printed is about that command,
    not the error, and is left out."""
    prose = []
    erred = False
    code = _code_lines(lines)
    for index, item in enumerate(lines):
        if erred and _PROMPT.match(item.text):
            break
        erred = erred or bool(_EXCEPTION.match(item.text.strip()))
        if _TRACEBACK.match(item.text) or _IPYTHON_HEAD.match(item.text) or is_wrapper_line(item.text):
            continue
        if _frame_head(item.text) is not None or index in code:
            continue  # the source a traceback shows is the program's, not words about the error
        if _PYTEST_OWN.match(item.text):
            continue  # the test runner's words on itself
        if _BOX_EDGE.match(item.text) or BOILERPLATE.search(item.text):
            continue  # CUDA's `For debugging consider passing CUDA_LAUNCH_BLOCKING=1` follows every error
        prose.append(item.text.strip())
    return tuple(prose)


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
_MASK = LazyPattern(
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


#: A quoted path, or an absolute one of two parts or more.
_ANY_PATH = LazyPattern(
    r"""(?<=['"])(?:[a-z]:)?(?:~|\.{1,2})?[\\/][^'"\n]*(?=['"])|(?<![\w/.~<])(?:~|\.{1,2})?/[\w.\-@+]+(?:/[\w.\-@+]+)+/?"""
)


def occurrence_form(signature: str) -> str:
    """SIGNATURE with every file path masked too: which file an error names differs between two
    occurrences of one fault (`Too many open files: '/data/shard_0099.arrow'`), so a duplicate check
    compares these. Search keeps the paths: for some faults the path is the fault (`/tmp` not
    writable), and masking them made every missing file look like that one."""
    return _ANY_PATH.sub("<path>", signature)


def new_symptom_form(symptom: str, forms: Iterable[str]) -> bool:
    """Whether SYMPTOM reads unlike each of FORMS (an entry's symptom and variants) once what
    differs between two occurrences is masked: the numbers, addresses and paths. A quoted name
    (`KeyError: 'lr'`) counts: it may be what makes the fault."""
    wanted = occurrence_form(signature(symptom))
    return bool(wanted.strip()) and all(occurrence_form(signature(form)) != wanted for form in forms)


# --- the values a check takes -----------------------------------------------------------------------

_PORT = LazyPattern(
    r"\(['\"][\w.:-]*['\"],\s*(\d{2,5})\)"  # ('0.0.0.0', 55499): uvicorn, gunicorn, socket errors, bind()
    r"|htons\((\d{2,5})\)"  # strace's bind(…sin_port=htons(8000)…)
    r"|\b(?:port|PORT|Port)\s*[=:]?\s*(\d{2,5})\b"
    r"|(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|\]|:::?):(\d{2,5})\b"
)
_DEVICE = LazyPattern(r"\bcuda:(\d{1,3})\b|\b(?:GPU|device)\s+(\d{1,3})\b")
_RANK = LazyPattern(r"^\s*\[(?:rank|default)(\d{1,5})\]:|\b[Rr]ank\s*[=:]?\s*(\d{1,5})\b", re.MULTILINE)
_PID = LazyPattern(r"\bpid(?:\(s\))?\s*[=:]?\s*(\d{2,7})\b", re.IGNORECASE)
#: A quoted name with an extension, unless CPython's messages say it is a type: they name one as
#: `'NAME' object` and `<class 'NAME'>` (`cannot pickle '_thread.lock' object`).
_QUOTED_PATH = LazyPattern(
    r"""(?<!<class )['"]((?:~|\.{1,2})?/?(?:[\w.@+-]+/)*[\w.@+-]+\.[A-Za-z][\w]{0,11})['"](?! object\b)"""
)
#: A quoted dotted name that is not a file although it looks like one: a type or module of a package
#: (`'torch.Tensor'`, `'numpy.ndarray'`, `'torch.float64'`) or a tensor of a state_dict
#: (`'encoder.0.bias'`, `'bn.running_mean'`): a class name, a dtype, a parameter's name.
_NOT_A_FILE = LazyPattern(
    r"^(?:torch|numpy|np|nn|pandas|pd|tensorflow|tf|jax|builtins|collections|typing)\."
    r"|\.(?:weight|bias|[^./]*_[^./]*|(?:b?float|u?int|complex)\d*|bool|half|double|long|[A-Z][a-z][^./]*)$"
)
_TRACEBACK_HEADER = LazyPattern(r"^Traceback \(most recent call last\):", re.MULTILINE)
_SCRIPT_FRAME = LazyPattern(r'^\s*File "([^"]+\.py)", line \d+, in <module>', re.MULTILINE)


def paste_values(text: str, decisive: Decisive | None = None) -> dict[str, str]:
    """The values a check can take from a paste (kb.entry.check_rule): the `port` it names, the
    file `path` its error is about, the user's `script` and its `module` (the file a traceback
    started in), the CUDA `device`, the `rank` and the `pid`. Only what the paste names; the caller
    checks each value before it goes near a command."""
    tail = text[-200_000:]
    decisive = decisive or find_decisive(tail)
    message = " ".join([decisive.line, *(line for line, _ in decisive.candidates)])
    around = _its_traceback(tail) + "\n" + _raw_lines_of(decisive.line, tail)
    values: dict[str, str] = {}
    port = _last_group(_PORT, message) or _last_group(_PORT, around)
    if port and 0 < int(port) < 65536:
        values["port"] = port
    files = [
        name
        for name in _QUOTED_PATH.findall(message)
        if not name.endswith((".py", ".pyc", ".so")) and ("/" in name or not _NOT_A_FILE.search(name))
    ]
    if files:
        values["path"] = files[-1]
    scripts = [s for s in _SCRIPT_FRAME.findall(_traceback_of(decisive.line, tail)) if not _installed(s)]
    if scripts:
        script = scripts[0]
        values["script"] = script
        stem = script.replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".py")
        if stem.isidentifier():
            values["module"] = stem
    for name, pattern in (("device", _DEVICE), ("rank", _RANK), ("pid", _PID)):
        found = _last_group(pattern, message) or _last_group(pattern, around)
        if found:
            values[name] = found
    return values


def _traceback_of(line: str, text: str) -> str:
    """The traceback of TEXT that ends in LINE (the error the paste is about), else its last one,
    else all of TEXT: a log whose setup step printed a caught error first named that step's script
    as the one to check, and its check ruled out a fault it never ran."""
    starts = [match.start() for match in _TRACEBACK_HEADER.finditer(text)]
    if not starts:
        return text
    parts = [text[start:end] for start, end in zip(starts, [*starts[1:], len(text)], strict=True)]
    holding = [part for part in parts if line and line in part]
    return (holding or parts)[-1]


def _its_traceback(text: str) -> str:
    """The last traceback of TEXT, from its header to the end: where the error's own frames and
    source lines (`sock.bind(("0.0.0.0", 8000))`) name a value its message leaves out. Not the rest
    of a log: `wandb: port=6006 dashboard ready` names another program's port. "" without one."""
    start = text.rfind("Traceback (most recent call last):")
    return text[start:] if start >= 0 else ""


def _raw_lines_of(line: str, text: str) -> str:
    """The lines of TEXT that hold LINE, with what the reader took off them (`[rank2]: `)."""
    if not line:
        return ""
    return "\n".join(raw for raw in text.splitlines()[-200:] if line in raw)


def _last_group(pattern: LazyPattern, text: str) -> str | None:
    found = None
    for match in pattern.finditer(text):
        found = next((group for group in match.groups() if group), found)
    return found


def _installed(path: str) -> bool:
    return any(part in path for part in ("site-packages", "dist-packages", "/lib/python", "<frozen"))
