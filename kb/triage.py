"""The triage knowledge of the first-aid handbook (000 §3), read from `seed_entries/domains.toml`.

The keyword → domain map locates a fault's domain from the words of a paste; each domain has its
"golden three lines", the first checks to run there; the rollback rule says when to start over.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from kb.paths import seed_directory


@dataclass(frozen=True)
class GoldenCheck:
    domain: str
    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class DomainGuess:
    domain: str
    keywords: tuple[str, ...]


@dataclass(frozen=True)
class Triage:
    keywords: dict[str, str]
    golden: dict[str, GoldenCheck]
    rollback_after: int
    rollback_steps: tuple[str, ...]

    def guess_domain(self, text: str) -> DomainGuess | None:
        """The domain whose keywords the text mentions most (longer keywords count more)."""
        found = _keyword_pattern(tuple(self.keywords)).findall(text.lower())
        if not found:
            return None
        votes: Counter[str] = Counter()
        for keyword in found:
            votes[self.keywords[keyword]] += len(keyword)
        domain = votes.most_common(1)[0][0]
        matched = tuple(dict.fromkeys(k for k in found if self.keywords[k] == domain))
        return DomainGuess(domain, matched)


@cache
def _keyword_pattern(keywords: tuple[str, ...]) -> re.Pattern[str]:
    def bounded(keyword: str) -> str:
        escaped = re.escape(keyword)
        start = r"(?<![\w])" if keyword[:1].isalnum() or keyword[:1] == "_" else ""
        end = r"(?![\w])" if keyword[-1:].isalnum() or keyword[-1:] == "_" else ""
        return start + escaped + end if keyword.isascii() else escaped

    ordered = sorted(keywords, key=len, reverse=True)
    return re.compile("|".join(bounded(k) for k in ordered))


@cache
def load_triage(path: Path | None = None) -> Triage:
    data: dict[str, Any] = tomllib.loads(
        (path or seed_directory() / "domains.toml").read_text(encoding="utf-8")
    )
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
