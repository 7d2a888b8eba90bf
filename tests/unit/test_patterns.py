"""A pattern declared lazily answers exactly as the compiled one, and compiles only when first used."""

from __future__ import annotations

import gc
import marshal
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb import patterns
from kb.patterns import LazyPattern

PATTERN = r"(?P<num>-?\d+)|\b[A-Z]\w*Error\b"


@pytest.fixture
def new_process(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Patterns as a new process of kb meets them: nothing compiled yet, the cache folder read anew.
    Calling it ends that process as the interpreter's exit would: what it compiled is kept."""
    monkeypatch.setattr("atexit.register", lambda function: function)

    def start() -> None:
        monkeypatch.setattr(patterns, "_CACHE", patterns._Cache())

    start()

    def end_and_start() -> None:
        patterns._keep()
        start()

    return end_and_start


@given(st.text())
def test_it_answers_as_the_compiled_pattern(text: str) -> None:
    lazy, compiled = LazyPattern(PATTERN), re.compile(PATTERN)
    assert lazy.sub("<n>", text) == compiled.sub("<n>", text)
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in compiled.finditer(text)]
    assert lazy.findall(text) == compiled.findall(text)
    assert lazy.split(text) == compiled.split(text)
    for method in ("search", "match", "fullmatch"):
        mine, theirs = getattr(lazy, method)(text), getattr(compiled, method)(text)
        assert (mine and mine.span()) == (theirs and theirs.span())


@pytest.fixture
def compiled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The patterns re.compile is asked for from here on."""
    asked: list[str] = []
    real = re.compile

    def counting(pattern: str, flags: int = 0) -> re.Pattern[str]:
        asked.append(pattern)
        return real(pattern, flags)

    monkeypatch.setattr(re, "compile", counting)
    return asked


def test_it_compiles_on_first_use_and_then_is_the_compiled_pattern(
    new_process: Callable[[], None], compiled: list[str]
) -> None:
    lazy = LazyPattern(r"\d+", re.M)
    assert compiled == []
    assert lazy.search("a 12").group() == "12"  # type: ignore[union-attr]
    assert lazy.sub("N", "1 2") == "N N"
    assert compiled == [r"\d+"]  # once
    assert lazy.search.__self__.flags & re.M  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        lazy.no_such_method  # type: ignore[attr-defined]  # noqa: B018


def test_a_search_compiles_its_patterns_once_per_user_then_reads_them(
    new_process: Callable[[], None], request: pytest.FixtureRequest
) -> None:
    """Every pattern of the search's modules, kept by one process and read back by the next, is the
    pattern re.compile makes, and the next process compiles none of them."""
    import kb.cli.fast_search  # the modules a search imports, with their patterns
    import kb.search.lookup  # noqa: F401

    declared = {(p.pattern, p.flags) for p in gc.get_objects() if isinstance(p, LazyPattern)}
    assert len(declared) > 50
    for pattern, flags in declared:
        patterns.compile_pattern(pattern, flags)
    new_process()
    expected = {(pattern, flags): re.compile(pattern, flags) for pattern, flags in declared}
    compiled: list[str] = request.getfixturevalue("compiled")  # from here on
    for (pattern, flags), pattern_compiled in expected.items():
        assert patterns.compile_pattern(pattern, flags) == pattern_compiled, pattern
    assert compiled == []


def test_a_damaged_or_foreign_cache_only_costs_the_compiling(new_process: Callable[[], None]) -> None:
    patterns.compile_pattern(PATTERN, re.I)
    new_process()
    path = patterns._known() and patterns._CACHE.path
    assert path
    forged: dict[tuple[str, int], patterns.Recorded] = {
        (PATTERN, int(re.I)): (int(re.I), [1, 2, 3], 0, {}, ())  # code no engine accepts
    }
    Path(path).write_bytes(marshal.dumps(forged))
    new_process()
    assert patterns.compile_pattern(PATTERN, re.I) == re.compile(PATTERN, re.I)
    Path(path).write_bytes(b"\x00 not marshal")
    new_process()
    assert patterns.compile_pattern(PATTERN, re.I) == re.compile(PATTERN, re.I)
