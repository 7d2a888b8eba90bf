"""Regular expressions compiled when first used, not when their module is imported.

`kb search` is typed mid-incident and should start in about twice the time of Python itself. Python
compiles a regular expression in Python code: the patterns of the paste reader, the tokenizer and the
ranking took about 27 ms of every search to compile, a third of what kb adds to the interpreter's
start, and a one-line paste uses about two thirds of them (no continuation lines, no log records, no
Chinese). A `LazyPattern` is declared where `re.compile` would be and compiles on its first use.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

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
            compiled = re.compile(self.pattern, self.flags)
            for method in _METHODS:
                setattr(self, method, getattr(compiled, method))
            return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r}, {self.flags!r})"
