"""Suggestions for a new entry, each accepted with Enter: its domain, cause path and tags, where its
fix applies (with --env). Whether it duplicates an entry is kb.search.duplicates' question.

The domain comes from the keyword map of the first-aid handbook (seed_entries/domains.toml); the
cause path from the branches that domain's fault tree already has; the tags from the exception type,
the keywords that placed the domain, and the identifiers in the symptom.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from kb.capture.environment import PACKAGES, framed_packages
from kb.handbook import load_triage
from kb.search.lookup import SearchOptions, search
from kb.store.entry_store import EntryStore
from kb.text.paste import find_decisive

_IDENTIFIER = re.compile(r"\b[A-Za-z_][\w]*(?:[._][A-Za-z_]\w*)+\b")


@dataclass(frozen=True)
class Suggestions:
    domain: str | None
    cause_path: str | None
    tags: tuple[str, ...]
    known_paths: tuple[str, ...]


def suggest(store: EntryStore, symptom: str, domain: str | None = None) -> Suggestions:
    """What to offer for SYMPTOM: a domain (unless DOMAIN, the one the person chose), a cause path,
    that domain's known cause paths to choose from, and tags.

    Only what the text supports is proposed, since Enter accepts it: the domain its words place (the
    handbook's keyword map, by more than an exception's name: see Triage.guess_domain()), else
    that of an entry the symptom is surely about; a cause path only from such an
    entry (the nearest entry's, or the domain's commonest path, stored "LR scheduler > step() not
    called" for a config `KeyError`)."""
    guess = load_triage().guess_domain(symptom)
    domain = domain or (guess.domain if guess else None)
    nearest, sure = _nearest(store, symptom, domain)
    if domain is None and nearest is not None and sure:
        domain = str(nearest["domain"])
    known: tuple[str, ...] = ()
    cause_path = None
    if domain:
        known = tuple(path for path, _ in store.cause_paths(domain).most_common(8))
        if nearest is not None and sure and nearest["domain"] == domain and nearest["cause_path"]:
            cause_path = str(nearest["cause_path"])
    return Suggestions(domain, cause_path, suggest_tags(symptom, guess.keywords if guess else ()), known)


def suggest_tags(symptom: str, keywords: tuple[str, ...] = ()) -> tuple[str, ...]:
    decisive = find_decisive(symptom)
    tags: dict[str, None] = {}
    if decisive.short_type:
        tags[decisive.short_type] = None
    for keyword in keywords[:3]:
        tags[keyword] = None
    identifiers = [name for name in _IDENTIFIER.findall(symptom) if not _instance_detail(name)]
    for identifier in identifiers[:3]:
        tags[identifier] = None
    return tuple(tags)[:6]


def _instance_detail(name: str) -> bool:
    """A name that belongs to one occurrence, not to the fault: a file (`shard_0042.arrow`), a name
    with a number in it, or two sentences run together (`operation.To`)."""
    parts = re.split(r"[._]", name)
    if any(any(ch.isdigit() for ch in part) for part in parts):
        return True
    if name.rsplit(".", 1)[-1].lower() in _FILE_SUFFIXES:
        return True
    return bool(re.search(r"[a-z]\.[A-Z][a-z]", name))


_FILE_SUFFIXES = frozenset(
    "arrow bin c cc cpp csv cu gz h h5 hpp jpg json jsonl log md npy npz onnx parquet pkl png pt pth py"
    " safetensors so tar"
    " tfrecord txt yaml yml zip".split()
)


def suggest_applies_to(seen: Mapping[str, str], text: str) -> tuple[str, ...]:
    """applies_to constraints for an entry whose words are TEXT, from the environment SEEN it was
    captured in (kb.machine): the release series of each package the entry names, among the ML
    packages kb.capture.environment lists or any package a traceback frame of it runs in
    (`site-packages/deepspeed/…`); and of CUDA and of the driver when it speaks of them. A proposal
    only: the person widens it to what they know ('torch<2.2' when 2.2 fixed it) or drops it."""
    from kb.entry.constraints import series

    lowered = text.lower()
    framed = set(framed_packages(text))
    wanted = [fact for fact in ("cuda", "driver") if re.search(rf"\b{fact}\b", lowered)]
    for name in sorted(seen):
        if name in ("python", "os", "cuda", "driver") or name.startswith("nvidia-"):
            continue
        if name in framed or (name in _ML_PACKAGES and _spoken(name, lowered)):
            wanted.append(name)
    found = (series(name, seen[name]) for name in wanted if name in seen)
    return tuple(constraint for constraint in found if constraint)


_ML_PACKAGES = frozenset(PACKAGES)


def _spoken(name: str, text: str) -> bool:
    """Whether TEXT names the distribution NAME, as itself or as its module (flash-attn, flash_attn)."""
    return re.search(rf"\b{'[-_]'.join(map(re.escape, name.split('-')))}\b", text) is not None


def _nearest(store: EntryStore, symptom: str, domain: str | None) -> tuple[dict[str, object] | None, bool]:
    """The entry a search ranks first for SYMPTOM, if any, and whether it is sure of it."""
    options = SearchOptions(limit=1, domain=domain, record_usage=False)
    response = search(symptom, store.location, options)
    return (response.results[0].candidate.record if response.results else None), response.confident
