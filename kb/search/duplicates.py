"""Whether a knowledge base already holds a fault: what `kb add` asks before adding, the TUI's form
before saving, and `kb sync` of each entry a teammate's folder brings."""

from __future__ import annotations

from dataclasses import dataclass

from kb.paths import DatabaseLocation
from kb.search.lookup import SearchOptions, search
from kb.text.paste import find_decisive, occurrence_form, signature

#: A search match at least this close to a new symptom is the same fault, not a new one.
DUPLICATE_FUZZY = 0.95


@dataclass(frozen=True)
class Duplicate:
    key: str
    symptom: str
    same_signature: bool


def find_duplicate(location: DatabaseLocation, symptom: str) -> Duplicate | None:
    """An active entry at LOCATION that already describes SYMPTOM: the same signature, or nearly the
    same text."""
    response = search(symptom, location, SearchOptions(limit=3, record_usage=False))
    wanted = occurrence_form(signature(find_decisive(symptom).line))
    for scored in response.results:
        record = scored.candidate.record
        same = wanted in {occurrence_form(form) for form in scored.candidate.signatures}
        if same or scored.parts.get("fuzzy", 0.0) >= DUPLICATE_FUZZY:
            return Duplicate(str(record["key"]), str(record["symptom"]), same)
    return None
