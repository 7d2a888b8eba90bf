"""The JSON columns' text read back without importing `json`.

The store keeps lists and dicts (tags, symptom variants, a check's rule) as JSON, and SQLite hands
them back as text. `import json` compiles six regular expressions and loads four modules: about six
million instructions, five percent of a seeded `kb search`, which reads some 250 such values. The
decoding itself is done by `json`'s scanner, written in C (`_json.make_scanner`), which needs none
of that: it is asked as `json.JSONDecoder` asks it, with the same options. Where that scanner is
missing (another Python), or a text is not what `json.dumps` writes (whitespace around it, an error
to report), `json.loads` answers, so every value and every error is the one `json` gives.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["loads"]


class _Options:
    """What `json.JSONDecoder()` hands its scanner: no hooks, strict strings, floats and ints as
    Python parses them, and JSON's three named numbers."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}.__getitem__


def _scanner() -> Callable[[str, int], tuple[Any, int]] | None:
    try:
        from _json import make_scanner

        make: Any = make_scanner  # typeshed: its context is a scanner; any object with the options will do
        scan: Callable[[str, int], tuple[Any, int]] = make(_Options())
    except Exception:  # another Python, or a scanner asking for more: json.loads answers every text
        return None
    return scan


_SCAN = _scanner()


def loads(text: str) -> Any:
    """`json.loads(TEXT)`."""
    if _SCAN is not None:
        try:
            value, end = _SCAN(text, 0)
        except (StopIteration, ValueError):
            pass
        else:
            if end == len(text):
                return value
    import json

    return json.loads(text)
