"""kb.records.Record: a typing.NamedTuple, made without checking its annotations."""

from __future__ import annotations

import pickle
import typing

import pytest

from kb.records import Record


class Location(Record):
    """Where a line is."""

    path: str
    line: int = 0
    tags: tuple[str, ...] = ()

    def where(self) -> str:
        return f"{self.path}:{self.line}"


class Twin(typing.NamedTuple):
    path: str
    line: int = 0
    tags: tuple[str, ...] = ()


def test_a_record_is_the_named_tuple_typing_makes() -> None:
    made = Location("train.py", 41)
    twin = Twin("train.py", 41)
    assert tuple(made) == tuple(twin) == ("train.py", 41, ())
    assert hash(made) == hash(twin)
    assert repr(made) == "Location(path='train.py', line=41, tags=())"
    assert Location._fields == Twin._fields and Location._field_defaults == Twin._field_defaults
    assert made._replace(line=7).where() == "train.py:7"
    assert made._asdict() == {"path": "train.py", "line": 41, "tags": ()}
    path, line, tags = made
    assert (path, line, tags) == ("train.py", 41, ())
    assert Location.__doc__ == "Where a line is." and Location.__module__ == __name__
    assert pickle.loads(pickle.dumps(made)) == made
    with pytest.raises(AttributeError):
        made.line = 3  # type: ignore[misc]  # as on any named tuple


def test_its_annotations_stay_text_and_resolve_as_typings_do() -> None:
    assert Location.__annotations__ == {"path": "str", "line": "int", "tags": "tuple[str, ...]"}
    assert typing.get_type_hints(Location) == typing.get_type_hints(Twin)


def test_what_typing_refuses_a_record_refuses() -> None:
    with pytest.raises(TypeError, match="without a default follows"):

        class Late(Record):
            first: int = 0
            second: str  # type: ignore[misc]

    with pytest.raises(AttributeError, match="may not define _replace"):

        class Own(Record):
            value: int

            def _replace(self) -> None:  # type: ignore[misc]
                pass
