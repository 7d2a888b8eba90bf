"""A pattern declared lazily answers exactly as the compiled one, and compiles only when first used."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.text.patterns import LazyPattern

PATTERN = r"(?P<num>-?\d+)|\b[A-Z]\w*Error\b"


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


def test_it_compiles_on_first_use_and_then_is_the_compiled_pattern(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []
    real = re.compile

    def counting(pattern: str, flags: int = 0) -> re.Pattern[str]:
        compiled.append(pattern)
        return real(pattern, flags)

    monkeypatch.setattr(re, "compile", counting)
    lazy = LazyPattern(r"\d+", re.M)
    assert compiled == []
    assert lazy.search("a 12").group() == "12"  # type: ignore[union-attr]
    assert lazy.sub("N", "1 2") == "N N"
    assert compiled == [r"\d+"]  # once
    assert lazy.search.__self__.flags & re.M  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        lazy.no_such_method  # type: ignore[attr-defined]  # noqa: B018
