"""kb.store.stored_json: the JSON columns read as json.loads reads them, without importing json."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.store import stored_json

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
    max_leaves=20,
)


def same(first: Any, second: Any) -> bool:
    """Equal, a NaN counting as equal to a NaN."""
    if isinstance(first, float) and isinstance(second, float) and math.isnan(first):
        return math.isnan(second)
    if isinstance(first, list) and isinstance(second, list):
        return len(first) == len(second) and all(map(same, first, second))
    if isinstance(first, dict) and isinstance(second, dict):
        return first.keys() == second.keys() and all(same(first[k], second[k]) for k in first)
    return type(first) is type(second) and bool(first == second)


@given(VALUES, st.booleans(), st.sampled_from([None, 2]))
def test_what_json_writes_reads_back_as_json_reads_it(
    value: Any, ascii_only: bool, indent: int | None
) -> None:
    text = json.dumps(value, ensure_ascii=ascii_only, indent=indent)
    assert same(stored_json.loads(text), json.loads(text))


@pytest.mark.parametrize("text", ["", "x", "[1", '{"a": 1,}', "[1] [2]", '"\x01"', " [1] ", "\n{}\n"])
def test_any_other_text_gets_what_json_gives(text: str) -> None:
    try:
        expected: Any = json.loads(text)
    except json.JSONDecodeError as error:
        with pytest.raises(json.JSONDecodeError, match=error.msg):
            stored_json.loads(text)
    else:
        assert same(stored_json.loads(text), expected)


def test_it_reads_through_the_c_scanner_here() -> None:
    """CPython has the scanner; what makes the import of json unnecessary is tested end to end in
    tests/test_architecture.py."""
    assert stored_json._SCAN is not None
