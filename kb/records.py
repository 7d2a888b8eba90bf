"""`Record`: `typing.NamedTuple` as the type checker reads it, made without checking annotations.

kb's small immutable records (a search's query, candidates and results, a path's location, an
option) are named tuples. `class X(typing.NamedTuple)` checks each field's annotation as a type
when the class is made, and in a module with `from __future__ import annotations` compiles the
annotation's text to do so: about 1.4 M instructions a class there, 0.7 M where annotations are
values, against 0.46 M for the `collections.namedtuple` it builds on. A search makes 27 before it
reads its paste. `Record` builds the same class, `collections.namedtuple` with the fields, defaults,
methods and docstring the class body gives, and keeps the annotations as written: what reads them
(`typing.get_type_hints`) resolves them from the module, as it does for any class.

    class Location(Record):
        path: str
        line: int = 0
"""

from __future__ import annotations

import collections
from typing import TYPE_CHECKING, Any

__all__ = ["Record"]

#: What the class body may not define: namedtuple's own machinery (typing.NamedTuple refuses the same).
_PROHIBITED = frozenset(
    {"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults", "_make", "_replace"}
    | {"_asdict", "_source"}
)
_SPECIAL = frozenset({"__module__", "__name__", "__qualname__", "__annotations__"})


class _RecordMeta(type):
    def __new__(cls, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> Any:
        if not bases:  # _RecordBase itself
            return super().__new__(cls, name, bases, namespace)
        if bases != (_RecordBase,):
            raise TypeError(f"{name}: a Record derives from Record alone")
        annotations: dict[str, Any] = namespace.get("__annotations__", {})
        defaults: list[Any] = []
        for field in annotations:
            if field in namespace:
                defaults.append(namespace[field])
            elif defaults:
                raise TypeError(f"{name}: field {field} without a default follows one with a default")
        module = namespace["__module__"]
        record = collections.namedtuple(name, list(annotations), defaults=defaults, module=module)  # type: ignore[misc]
        record.__annotations__ = record.__new__.__annotations__ = dict(annotations)
        record.__qualname__ = namespace.get("__qualname__", name)
        for key, value in namespace.items():
            if key in _PROHIBITED:
                raise AttributeError(f"{name}: a Record may not define {key}")
            if key not in _SPECIAL and key not in record._fields:
                setattr(record, key, value)
        return record


class _RecordBase(metaclass=_RecordMeta):
    """What a Record class names as its base; the class made is a tuple (see _RecordMeta)."""


if TYPE_CHECKING:
    from typing import NamedTuple as Record
else:
    Record = _RecordBase
