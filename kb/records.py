"""`Record`: `typing.NamedTuple` as the type checker reads it, made without compiling code.

kb's small immutable records (a search's query, candidates and results, a path's location, an
option) are named tuples. `class X(typing.NamedTuple)` checks each field's annotation as a type
when the class is made (about 1.4 M instructions a class in a module with `from __future__ import
annotations`), and the `collections.namedtuple` it builds on compiles the source of a `__new__` for
each class (0.46 M, half of it that compile). A search makes 27 record classes before it reads its
paste. `Record` builds the same class, a tuple with named fields, `_make`, `_replace`, `_asdict`,
the repr and the class body's methods and docstring, and gives it a `__new__` copied from a
function compiled once with the same number of fields (renamed to the class's fields: keywords,
defaults and `inspect.signature` are namedtuple's). About 0.1 M instructions a class. A record of
more fields than the copies go to is made by `collections.namedtuple`, the same class by another
road. The annotations stay as written: what reads them (`typing.get_type_hints`) resolves them
from the module, as it does for any class.

    class Location(Record):
        path: str
        line: int = 0
"""

from __future__ import annotations

import collections
from operator import itemgetter
from types import FunctionType
from typing import TYPE_CHECKING, Any

__all__ = ["Record"]

#: What the class body may not define: namedtuple's own machinery (typing.NamedTuple refuses the same).
_PROHIBITED = frozenset(
    {"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults", "_make", "_replace"}
    | {"_asdict", "_source"}
)
_SPECIAL = frozenset({"__module__", "__name__", "__qualname__", "__annotations__"})

_tuple_new = tuple.__new__


def _property_getter(index: int, doc: str) -> Any:
    return property(itemgetter(index), doc=doc)


#: The descriptor collections.namedtuple gives each field: CPython's, written in C, or the property
#: collections itself falls back to.
_field_getter: Any = getattr(collections, "_tuplegetter", _property_getter)

# Each record class's __new__ is a copy of one of these, its arguments renamed to the fields.


def _new_1(_cls, f0):  # type: ignore[no-untyped-def]
    return _tuple_new(_cls, (f0,))


def _new_2(_cls, f0, f1):  # type: ignore[no-untyped-def]
    return _tuple_new(_cls, (f0, f1))


def _new_3(_cls, f0, f1, f2):  # type: ignore[no-untyped-def]
    return _tuple_new(_cls, (f0, f1, f2))


def _new_4(_cls, f0, f1, f2, f3):  # type: ignore[no-untyped-def]
    return _tuple_new(_cls, (f0, f1, f2, f3))


def _new_5(_cls, f0, f1, f2, f3, f4):  # type: ignore[no-untyped-def]
    return _tuple_new(_cls, (f0, f1, f2, f3, f4))


def _new_6(_cls, f0, f1, f2, f3, f4, f5):  # type: ignore[no-untyped-def]
    return _tuple_new(_cls, (f0, f1, f2, f3, f4, f5))


def _new_7(_cls, f0, f1, f2, f3, f4, f5, f6):  # type: ignore[no-untyped-def]
    return _tuple_new(_cls, (f0, f1, f2, f3, f4, f5, f6))


def _new_8(_cls, f0, f1, f2, f3, f4, f5, f6, f7):  # type: ignore[no-untyped-def]
    return _tuple_new(_cls, (f0, f1, f2, f3, f4, f5, f6, f7))


def _new_9(_cls, f0, f1, f2, f3, f4, f5, f6, f7, f8):  # type: ignore[no-untyped-def]
    return _tuple_new(_cls, (f0, f1, f2, f3, f4, f5, f6, f7, f8))


def _new_10(_cls, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9):  # type: ignore[no-untyped-def]
    return _tuple_new(_cls, (f0, f1, f2, f3, f4, f5, f6, f7, f8, f9))


def _new_11(_cls, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10):  # type: ignore[no-untyped-def]
    return _tuple_new(_cls, (f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10))


def _new_12(_cls, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11):  # type: ignore[no-untyped-def]
    return _tuple_new(_cls, (f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11))


def _new_13(_cls, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12):  # type: ignore[no-untyped-def]
    return _tuple_new(_cls, (f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12))


def _new_14(_cls, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13):  # type: ignore[no-untyped-def]
    return _tuple_new(_cls, (f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13))


def _new_15(_cls, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14):  # type: ignore[no-untyped-def]
    return _tuple_new(_cls, (f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14))


def _new_16(_cls, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15):  # type: ignore[no-untyped-def]
    return _tuple_new(_cls, (f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15))


_NEW_OF_ARITY: tuple[Any, ...] = (
    None,
    _new_1,
    _new_2,
    _new_3,
    _new_4,
    _new_5,
    _new_6,
    _new_7,
    _new_8,
    _new_9,
    _new_10,
    _new_11,
    _new_12,
    _new_13,
    _new_14,
    _new_15,
    _new_16,
)


def _make(cls: Any, iterable: Any) -> Any:
    result = _tuple_new(cls, iterable)
    if len(result) != len(cls._fields):
        raise TypeError(f"Expected {len(cls._fields)} arguments, got {len(result)}")
    return result


def _replace(self: Any, /, **changes: Any) -> Any:
    result = self._make(map(changes.pop, self._fields, self))
    if changes:
        raise ValueError(f"Got unexpected field names: {list(changes)!r}")
    return result


def _repr(self: Any) -> str:
    fields = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self, strict=True))
    return f"{self.__class__.__name__}({fields})"


def _asdict(self: Any) -> dict[str, Any]:
    return dict(zip(self._fields, self, strict=True))


def _getnewargs(self: Any) -> tuple[Any, ...]:
    return tuple(self)


_repr.__name__ = "__repr__"
_getnewargs.__name__ = "__getnewargs__"
_SHARED = {"_make": classmethod(_make), "_replace": _replace, "__repr__": _repr, "_asdict": _asdict}
_SHARED["__getnewargs__"] = _getnewargs


def _named_tuple(
    name: str, qualname: str, fields: tuple[str, ...], defaults: tuple[Any, ...], module: str
) -> Any:
    """collections.namedtuple(name, fields, defaults=defaults, module=module), without its compile."""
    if len(fields) >= len(_NEW_OF_ARITY):
        return collections.namedtuple(name, fields, defaults=defaults, module=module)
    for field in fields:
        if field.startswith("_"):
            raise ValueError(f"Field names cannot start with an underscore: {field!r}")
    template = _NEW_OF_ARITY[len(fields)]
    code = template.__code__.replace(
        co_varnames=("_cls", *fields), co_name="__new__", co_qualname=f"{qualname}.__new__"
    )
    new = FunctionType(code, template.__globals__, "__new__", defaults or None)
    new.__doc__ = f"Create new instance of {name}({', '.join(fields)})"
    namespace: dict[str, Any] = {
        "__doc__": f"{name}({', '.join(fields)})",
        "__slots__": (),
        "_fields": fields,
        "_field_defaults": dict(zip(fields[len(fields) - len(defaults) :], defaults, strict=True)),
        "__new__": new,
        "__match_args__": fields,
        "__module__": module,
        **_SHARED,
    }
    for index, field in enumerate(fields):
        namespace[field] = _field_getter(index, f"Alias for field number {index}")
    return type(name, (tuple,), namespace)


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
        qualname = namespace.get("__qualname__", name)
        record = _named_tuple(name, qualname, tuple(annotations), tuple(defaults), namespace["__module__"])
        record.__annotations__ = record.__new__.__annotations__ = dict(annotations)
        record.__qualname__ = qualname
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
