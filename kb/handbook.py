"""The triage knowledge of the project first-aid handbook (《项目急救手册》), read from
`seed_entries/domains.toml`, and the error messages many faults share (`shared_messages.txt`).

The keyword → domain map locates a fault's domain from the words of a paste; each domain has its
"golden three lines", the first checks to run there; the rollback rule says when to start over.
"""

import os
from collections import Counter
from functools import cache
from typing import TYPE_CHECKING, Any

from kb.compiled import compiled_path, store_compiled
from kb.paths import seed_folder
from kb.records import Record

if TYPE_CHECKING:
    from pathlib import Path


class GoldenCheck(Record):
    domain: str
    title: str
    lines: tuple[str, ...]


class DomainGuess(Record):
    domain: str
    keywords: tuple[str, ...]


class Triage(Record):
    keywords: dict[str, str]
    golden: dict[str, GoldenCheck]
    rollback_after: int
    rollback_steps: tuple[str, ...]

    def guess_domain(self, text: str) -> DomainGuess | None:
        """The domain whose keywords the text mentions most (longer keywords count more); None when
        it mentions none, or only exception names: `KeyError` is raised in every domain (a config
        key, a label map, a state dict), so it adds weight to other words but places nothing alone."""
        lowered = text.lower()
        found = [keyword for keyword in self.keywords if _mentions(lowered, keyword)]
        if all(_exception_name(keyword) for keyword in found):
            return None
        votes: Counter[str] = Counter()
        for keyword in found:
            votes[self.keywords[keyword]] += len(keyword)
        domain = votes.most_common(1)[0][0]
        matched = tuple(sorted((k for k in found if self.keywords[k] == domain), key=len, reverse=True))
        return DomainGuess(domain, matched)


def _exception_name(keyword: str) -> bool:
    """`keyerror`, `runtimeerror`: an exception's name, which many domains' faults raise."""
    return " " not in keyword and keyword.endswith(("error", "exception", "warning"))


def _mentions(text: str, keyword: str) -> bool:
    """Whether KEYWORD occurs in TEXT as a whole word (substring search: no regex to compile)."""
    start = text.find(keyword)
    while start >= 0:
        end = start + len(keyword)
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if not keyword.isascii() or (
            not (_is_word(before) and _is_word(keyword[0]))
            and not (_is_word(after) and _is_word(keyword[-1]))
        ):
            return True
        start = text.find(keyword, start + 1)
    return False


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


#: Raise when what the compiled handbook holds changes, so that every cached copy is made again.
COMPILED_FORMAT = 1


@cache
def load_triage(path: "Path | None" = None) -> Triage:
    """The handbook at PATH (`seed_entries/domains.toml`): read only by a search that found
    nothing sure, from its compiled form (kb.compiled) once one is kept."""
    data = _handbook(str(path) if path else os.path.join(seed_folder(), "domains.toml"))
    golden = {
        domain: GoldenCheck(domain, str(check.get("title", "")), tuple(check.get("lines", ())))
        for domain, check in data.get("golden_checks", {}).items()
    }
    rollback = data.get("rollback", {})
    return Triage(
        keywords={str(k).lower(): str(v) for k, v in data.get("keywords", {}).items()},
        golden=golden,
        rollback_after=int(rollback.get("after_failures", 2)),
        rollback_steps=tuple(rollback.get("steps", ())),
    )


def _handbook(source: str) -> dict[str, Any]:
    import marshal

    cached = compiled_path("handbook", source, str(COMPILED_FORMAT))
    if cached is not None:
        try:
            with open(cached, "rb") as handle:
                data = marshal.load(handle)
            if isinstance(data, dict):
                return data
        except (OSError, ValueError, EOFError, TypeError):
            pass
    import tomllib

    with open(source, encoding="utf-8") as handle:
        data = tomllib.loads(handle.read())
    if cached is not None:
        import contextlib

        with contextlib.suppress(ValueError):  # a value marshal cannot hold (a TOML date): no cache
            store_compiled(cached, marshal.dumps(data))
    return data


@cache
def load_shared_messages(path: "Path | None" = None) -> tuple[str, ...]:
    """The error messages many different faults raise (seed_entries/shared_messages.txt), lowercased."""
    with open(path or os.path.join(seed_folder(), "shared_messages.txt"), encoding="utf-8") as handle:
        text = handle.read()
    lines = (line.strip() for line in text.splitlines())
    return tuple(line.lower() for line in lines if line and not line.startswith("#"))
