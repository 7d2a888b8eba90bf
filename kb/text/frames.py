"""Where in the user's own code a traceback failed: the frames of their code, not those of installed
packages or the standard library.

A library raises its message for every caller that gets there; the place in the team's code is what
tells a team's fault from the others (kb.search.specificity.beyond_everyday()), and what `kb add` and
`kb triage` record beside a symptom taken from a run (where_it_failed()).
"""

from kb.patterns import LazyPattern
from kb.text.paste import framed_call, pytest_raised_in, without_tool_prefixes

#: Tracebacks end a paste: the user's frames are looked for in this many of its last characters.
_FRAMES_TAIL = 20_000
#: The `def` of the source pytest shows above a frame's failing line.
_DEF = LazyPattern(r"^[>\s]*(?:async\s+)?def\s+(\w+)\s*\(")
#: A test's file (`tests/test_serve.py`, `serve_test.py`): its functions are where a test run
#: failed, never where the fault fails in production.
_TEST_FILE = LazyPattern(r"(?:^|[\\/])(?:test_[^\\/]*|[^\\/]*_test\.py|conftest\.py)$")
#: Python's header, and IPython's (`KeyError    Traceback (most recent call last)`, no colon).
_TRACEBACK_HEADER = "Traceback (most recent call last)"
#: A file of an installed package, of the standard library, or of a compiled module: Python names a
#: Cython frame by its source inside the package (`pyarrow/error.pxi`, `pandas/_libs/parsers.pyx`).
_INSTALLED = LazyPattern(r"[\\/](?:site|dist)-packages[\\/]|[\\/]lib[\\/]python\d|^<frozen |\.p(?:yx|xi|xd)$")


def user_functions(text: str) -> frozenset[str]:
    """The functions of the user's own code that TEXT's traceback frames pass through, lower-cased.
    Only names of two words or more (`load_annotations`, `encode_labels`) count; `main` or `train`
    names no place."""
    return frozenset(name.lower() for name in _user_frames(text))


def failed_in(text: str) -> str | None:
    """The innermost function of the user's own code that TEXT's last traceback passes through, as
    user_functions() reads them: the place in their code a library's message was raised from."""
    frames = _user_frames(text)
    return frames[-1] if frames else None


def where_it_failed(symptom: str, text: str) -> str | None:
    """SYMPTOM with the function of the user's own code TEXT's traceback failed in (`KeyError:
    'price' in margin_report`), as a symptom variant: search is sure of a team's entry recorded from
    a library's message only when a later traceback passes through the place a form of it names.
    None when the traceback names no such function, or the symptom names it already."""
    return named_in(symptom, failed_in(text))


def named_in(symptom: str, function: str | None) -> str | None:
    """SYMPTOM naming FUNCTION as the place it failed (where_it_failed()); None without a function,
    or when the symptom names it already."""
    if not function or not symptom.strip() or function.lower() in symptom.lower():
        return None
    return f"{symptom} in {function}"


def _user_frames(text: str) -> list[str]:
    """The user's functions in TEXT's last traceback, outermost first: a log that retried a
    connection in `fetch_remote_config` before it failed elsewhere did not fail there. A frame's
    head is read as the paste is (kb.text.paste.framed_call()); under pytest's innermost frame, the
    line that raised names its file, and the `def` above it its function."""
    tail = without_tool_prefixes(text[-_FRAMES_TAIL:])  # docker's, kubectl's or srun's before each line
    start = tail.rfind(_TRACEBACK_HEADER)
    names = []
    lines = tail[max(start, 0) :].splitlines()
    for index, line in enumerate(lines):
        frame = framed_call(line)
        if frame is not None:
            path, function = frame
        elif (raised := pytest_raised_in(line)) and (defined := _defined_above(lines, index)):
            path, function = raised, defined
        else:
            continue
        if _INSTALLED.search(path) or _TEST_FILE.search(path):
            continue
        name = function.rsplit(".", 1)[-1]
        if "_" in name.strip("_") and not name.startswith(("<", "test_")):
            names.append(name)
    return names


def _defined_above(lines: list[str], index: int) -> str | None:
    """The function whose source pytest shows above its line at INDEX (`def validate(cols):`), within
    that frame's block; None when the block shows no `def`."""
    for line in reversed(lines[max(0, index - 40) : index]):
        if line.startswith("_ _") or framed_call(line):
            return None
        defined = _DEF.match(line)
        if defined:
            return defined.group(1)
    return None
