"""What search needs from an entry, computed once when the entry is written.

Term weights (a field-weighted term frequency, BM25F-style), the masked signatures of the symptom
and its variants, and the exception types they name. The store keeps these rows beside the entry,
so a search reads them instead of re-tokenizing the knowledge base.
"""

from collections import Counter

from kb.entry.content import EntryContent
from kb.records import Record
from kb.text.paste import find_decisive, signature
from kb.text.tokens import tokenize

#: How much a word counts by where it appears. The symptom is what a paste resembles; tags hold the
#: words people search with; the fix and root cause hold the API names descriptions mention.
FIELD_WEIGHTS: dict[str, float] = {
    "symptom": 3.0,
    "symptom_variants": 2.0,
    "tags": 2.5,
    "key": 1.5,
    "cause_path": 1.0,
    "root_cause": 1.0,
    "fix": 1.0,
    "validation": 0.5,
    "conditions": 0.5,
    "case": 0.3,
}


#: Where neighbouring words are indexed as phrases too: the fields a paste repeats word for word.
#: In the prose fields (fix, root cause, the story) phrases would add a third of the postings and
#: change no top-1 result on kb's development queries or the shared evaluation.
PHRASE_FIELDS = frozenset({"symptom", "symptom_variants", "tags", "key", "cause_path"})


class EntryIndex(Record):
    terms: dict[str, float]
    length: float
    signatures: tuple[str, ...]
    exception_types: tuple[str, ...]


def field_texts(content: EntryContent) -> dict[str, str]:
    return {
        "symptom": content.symptom,
        "symptom_variants": "\n".join(content.symptom_variants),
        "tags": " ; ".join(content.tags),
        "key": content.key.replace("-", " "),
        "cause_path": content.cause_path,
        "root_cause": content.root_cause,
        "fix": content.fix,
        "validation": content.validation,
        "conditions": content.conditions,
        "case": content.case,
    }


def index_entry(content: EntryContent) -> EntryIndex:
    weights: dict[str, float] = {}
    for name, text in field_texts(content).items():
        if not text:
            continue  # most entries leave several fields empty; an import indexes thousands
        for term, count in Counter(tokenize(text, phrases=name in PHRASE_FIELDS)).items():
            weights[term] = weights.get(term, 0.0) + FIELD_WEIGHTS[name] * count
    forms = (content.symptom, *content.symptom_variants)
    types: dict[str, None] = {}
    for form in forms:
        found = find_decisive(form).short_type
        if found:
            types[found] = None
    return EntryIndex(
        terms=dict(weights),
        length=sum(weights.values()),
        signatures=tuple(dict.fromkeys(signature(form) for form in forms)),
        exception_types=tuple(types),
    )
