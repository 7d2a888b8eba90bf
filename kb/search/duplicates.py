"""Whether a knowledge base already holds a fault: what `kb add` asks before adding, the TUI's form
before saving, and `kb sync` of each entry a teammate's folder brings."""

from collections.abc import Mapping
from typing import Any

from kb.paths import DatabaseLocation
from kb.records import Record
from kb.search.lookup import SearchOptions, search
from kb.search.ranking import shared_in
from kb.search.specificity import symptom_forms
from kb.text.paste import find_decisive, occurrence_form, signature

#: A search match at least this close to a new symptom is the same fault, not a new one.
DUPLICATE_FUZZY = 0.95
#: A new symptom that is a part of an entry's (`Target -1 is out of bounds` of `IndexError: Target -1
#: is out of bounds.`) is that entry's message shortened, when it is at least this many words long.
SHORTENED_WORDS = 3
SHORTENED_SHARE = 0.5


class Duplicate(Record):
    key: str
    symptom: str
    same_signature: bool
    #: The message is one several faults raise (shared_messages.txt, or several entries hold it, as
    #: search's "one of these" says): the same message, maybe another cause, so that an occurrence
    #: is the person's call, not kb's default.
    shared: bool = False
    #: Found as the entry search is sure the symptom is, though its text reads otherwise: the
    #: person compares the two, and a new entry stays the default answer.
    by_search: bool = False


def find_duplicate(location: DatabaseLocation, symptom: str) -> Duplicate | None:
    """An active entry at LOCATION that already describes SYMPTOM: the same signature, nearly the
    same text, the entry search is sure SYMPTOM is, or its message shortened (most of one entry's
    symptom, SHORTENED_WORDS words or more, that no other entry's holds and that is no message
    several faults raise). A second run of a known fault added as a new entry split every later
    answer between the two copies, and the next run lost its confident answer."""
    from kb.handbook import load_shared_messages

    response = search(symptom, location, SearchOptions(limit=3, record_usage=False))
    line = find_decisive(symptom).line
    wanted = occurrence_form(signature(line))
    part = wanted.strip(" .:")
    holding = []
    for scored in response.results:
        record = scored.candidate.record
        forms = {occurrence_form(form) for form in scored.candidate.signatures}
        same = wanted in forms
        if same or scored.parts.get("fuzzy", 0.0) >= DUPLICATE_FUZZY:
            # several faults raise it: listed so, or several entries hold it (search names them all)
            shared = bool(shared_in(line, load_shared_messages())) or len(response.one_of) > 1
            return Duplicate(
                str(record["key"]),
                _form_met(record, wanted) if same else str(record["symptom"]),
                same,
                shared,
            )
        symptom_form = occurrence_form(scored.candidate.signatures[0]) if scored.candidate.signatures else ""
        # Most of the entry's symptom, not the generic head of a longer one (`CUDA out of memory.`);
        # never a variant, often a generic face many faults share.
        if part in symptom_form and len(part) >= SHORTENED_SHARE * len(symptom_form.strip(" .:")):
            holding.append(record)
    if response.confident:  # search would answer it with this entry: a copy would split its answers
        top = response.results[0].candidate.record
        return Duplicate(str(top["key"]), str(top["symptom"]), False, by_search=True)
    if len(holding) != 1 or len(part.split()) < SHORTENED_WORDS:
        return None
    if any(part in message or message in part for message in load_shared_messages()):
        return None  # several faults raise it
    return Duplicate(str(holding[0]["key"]), str(holding[0]["symptom"]), False)


def _form_met(record: Mapping[str, Any], wanted: str) -> str:
    """The form of RECORD's symptom (itself or a variant) whose signature is WANTED: the one to show.
    Shown its symptom, a `PermissionError` met on a variant read "Its message is also the message of
    docker-tmp-not-writable: FileNotFoundError: No usable temporary directory …"."""
    forms = symptom_forms(record)
    return next(
        (form for form in forms if occurrence_form(signature(form)) == wanted), str(record["symptom"])
    )
