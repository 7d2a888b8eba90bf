"""Regular expressions compiled when first used, not when their module is imported.

`kb search` is typed mid-incident and should start in about twice the time of Python itself. Python
compiles a regular expression in Python code: the patterns of the paste reader, the tokenizer and the
ranking took about 27 ms of every search to compile, a third of what kb adds to the interpreter's
start, and a one-line paste uses about two thirds of them (no continuation lines, no log records, no
Chinese). A `LazyPattern` is declared where `re.compile` would be and compiles on its first use.

What a search still compiles, about 10 ms of it, is kept in the user's cache folder as the regular
expression engine's own code (kb.compiled), keyed by the Python that made it and by the engine's
format (`_sre.MAGIC`), and handed back to the engine as `re.compile` hands it over. That is the
standard library's private API: whatever fails or differs there (another Python, another engine),
the pattern is compiled as `re.compile` does, and a recorded pattern is kept only when it equals
what `re.compile` makes of it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

#: Raise when what is kept per pattern changes.
CACHE_FORMAT = 1
#: Patterns kept at most: those of kb's modules, with room for the ones a newer kb added.
_KEPT = 400

_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "split", "sub")


class LazyPattern:
    """`re.compile(PATTERN, FLAGS)`, compiled on first use; it answers what a compiled pattern does.

    On first use the compiled pattern's own methods are bound onto the instance, so every later call
    costs what a call on the compiled pattern costs (the tokenizer calls some of these per word).
    """

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    if TYPE_CHECKING:

        def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None: ...
        def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None: ...
        def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None: ...
        def finditer(
            self, string: str, pos: int = 0, endpos: int = sys.maxsize
        ) -> Iterator[re.Match[str]]: ...
        def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]: ...
        def split(self, string: str, maxsplit: int = 0) -> list[str]: ...
        def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str: ...

    else:

        def __getattr__(self, name: str) -> Any:
            if name not in _METHODS:
                raise AttributeError(name)
            compiled = compile_pattern(self.pattern, self.flags)
            for method in _METHODS:
                setattr(self, method, getattr(compiled, method))
            return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r}, {self.flags!r})"


Recorded = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]


class _Cache:
    """The patterns compiled by earlier processes (read once), and those this one compiled."""

    def __init__(self) -> None:
        self.path: str | None = None
        self.known: dict[tuple[str, int], Recorded] | None = None
        self.new: dict[tuple[str, int], Recorded] = {}


_CACHE = _Cache()


def compile_pattern(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile(PATTERN, FLAGS)`, from the engine code an earlier kb kept when there is some."""
    flags = int(flags)  # a RegexFlag is not data marshal keeps
    known = _known()
    recorded = known.get((pattern, flags))
    if recorded is not None:
        try:
            return _from_engine_code(pattern, recorded)
        except Exception:  # another engine than the one that recorded it: compile it as re does
            pass
    compiled = re.compile(pattern, flags)
    recorded = _recorded(pattern, flags, compiled)
    if recorded is not None and _CACHE.path is not None:
        if not _CACHE.new:
            import atexit

            atexit.register(_keep)
        _CACHE.new[(pattern, flags)] = recorded
    return compiled


def _from_engine_code(pattern: str, recorded: Recorded) -> re.Pattern[str]:
    import _sre  # type: ignore[import-not-found]

    compiled: re.Pattern[str] = _sre.compile(pattern, *recorded)
    return compiled


def _recorded(pattern: str, flags: int, compiled: re.Pattern[str]) -> Recorded | None:
    """What the engine was handed for PATTERN, as re._compiler.compile() hands it; None when that
    cannot be read here or does not give back COMPILED."""
    try:
        from re import _compiler, _parser  # type: ignore[attr-defined]

        parsed = _parser.parse(pattern, flags)
        groups: dict[str, int] = dict(parsed.state.groupdict)
        index: list[str | None] = [None] * parsed.state.groups
        for name, number in groups.items():
            index[number] = name
        recorded: Recorded = (
            int(flags | parsed.state.flags),
            [int(word) for word in _compiler._code(parsed, flags)],  # opcodes are an int subclass
            parsed.state.groups - 1,
            groups,
            tuple(index),
        )
        return recorded if _from_engine_code(pattern, recorded) == compiled else None
    except Exception:
        return None


def _known() -> dict[tuple[str, int], Recorded]:
    if _CACHE.known is None:
        _CACHE.known = {}
        try:
            import _sre
            import marshal

            from kb.compiled import compiled_path

            version = f"{CACHE_FORMAT}-{sys.implementation.cache_tag}-{_sre.MAGIC}-{_sre.CODESIZE}"
            _CACHE.path = compiled_path("patterns", __file__, version)
            if _CACHE.path is not None:
                with open(_CACHE.path, "rb") as handle:
                    known = marshal.loads(handle.read())
                if isinstance(known, dict):
                    _CACHE.known = known
        except (ImportError, OSError, ValueError, EOFError, TypeError):
            pass
    return _CACHE.known


def _keep() -> None:
    """Keep what this process compiled for the next one (at exit: once, not per pattern)."""
    import marshal

    from kb.compiled import store_compiled

    if _CACHE.path is None or not _CACHE.new:
        return
    kept = {**(_CACHE.known or {}), **_CACHE.new}
    if len(kept) > _KEPT:
        kept = dict(_CACHE.new)
    try:
        store_compiled(_CACHE.path, marshal.dumps(kept))
    except ValueError:  # not data marshal keeps: then there is nothing to keep
        return
    _CACHE.known, _CACHE.new = kept, {}
