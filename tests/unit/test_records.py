"""kb.records.Record: a typing.NamedTuple, made without checking its annotations."""

from __future__ import annotations

import inspect
import pickle
import typing
from collections.abc import Callable
from functools import partial
from typing import Any

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


def refusal(call: Callable[[], object]) -> str:
    with pytest.raises(TypeError) as refused:
        call()
    return str(refused.value)


def test_it_is_called_as_typings_named_tuple_is_called() -> None:
    def parameters(kind: type) -> list[tuple[str, object, object]]:
        return [(p.name, p.kind, p.default) for p in inspect.signature(kind).parameters.values()]

    assert parameters(Location) == parameters(Twin)
    assert tuple(Location(line=3, path="a.py")) == tuple(Twin(line=3, path="a.py"))
    assert Location._make(["a.py", 3, ("x",)]).tags == ("x",)
    made: Any = Location
    twin: Any = Twin
    for args, keywords in (((), {}), (("a", 1, (), 9), {}), (("a",), {"lines": 2})):
        expected = refusal(partial(twin, *args, **keywords)).replace("Twin", "Location")
        assert refusal(partial(made, *args, **keywords)) == expected
    with pytest.raises(TypeError, match="Expected 3 arguments, got 2"):
        Location._make(["a.py", 3])
    with pytest.raises(ValueError, match="unexpected field names: \\['lines'\\]"):
        Location("a.py")._replace(lines=3)  # type: ignore[call-arg]
    match Location("a.py", 2):
        case Location(path, line):
            assert (path, line) == ("a.py", 2)


def test_a_record_of_many_fields_is_the_same_tuple() -> None:
    fields = {f"field{n}": int for n in range(40)}
    namespace = {"__annotations__": fields, "__module__": __name__, "field39": 0}
    record_class: Any = type(Record)
    named_tuple: Any = typing.NamedTuple
    wide, same = record_class("Wide", (Record,), namespace), named_tuple("Same", list(fields.items()))
    assert wide._fields == same._fields and wide(*range(39)) == same(*range(39), 0)
    assert repr(wide(*range(39))).startswith("Wide(field0=0, field1=1,")


def test_a_field_may_not_start_with_an_underscore() -> None:
    with pytest.raises(ValueError, match="cannot start with an underscore"):

        class Hidden(Record):
            _value: int  # type: ignore[misc]
