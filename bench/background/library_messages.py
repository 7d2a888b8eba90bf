"""Harvest the error messages libraries raise, from their own code, for kb's second background.

seed_entries/everyday_errors.txt holds what libraries say when they are *called wrongly*: it was made
by running code. A team records its own faults, though, from messages a library raises deep inside
(`Trying to backward through the graph a second time`, `Unable to configure handler 'file'`,
`Input X contains NaN`), and such a message is raised for every caller that gets there, whatever
brought it there. Running code cannot reach most of them; reading the libraries can. This script
lists the message of every `raise` in the Python sources of the libraries ML code runs on, and the
message strings compiled into torch's C++ core, one a line: seed_entries/library_messages.txt.

kb never shows these as entries. Search weighs a team's own entry against them: a paste that holds
only what one of these messages holds is evidence that the library raised it, not of the team's
cause (kb.search.background, kb.search.specificity.beyond_everyday).

What is read
------------
- Python: every `.py` file of the standard library and of every package the venv holds (the ones
  named in PACKAGES first; tests, demos, vendored copies and the installers left out). For each
  `raise Name(...)` (any capitalised name: httpcore's `UnsupportedProtocol` is a class too), each
  argument that is text, as a template: a literal as written; an f-string, `"..." % args`,
  `"...".format(...)` and `+` chains with each value left out; a name assigned text earlier in the
  same function, its assignments in order (`msg = str(err)` ends what `msg` held before); a
  text passed through gettext (`_('invalid %(type)s value: %(value)r')`, as argparse, optparse
  and click write every message) as that text. The line reads `ExceptionName: template`,
  as Python prints it. A parser that reports its own errors (`self.error(msg % args)` in a class
  defining `error()`, argparse's `unrecognized arguments: …`) has that text read without a
  class. A `raise` of a function that builds the exception (tomllib's `raise suffixed_err(src,
  pos, f"Cannot declare {key} twice")`, where `suffixed_err` returns a `TOMLDecodeError`) is read
  as a `raise` of that class. An exception class that writes its own
  message from its arguments (configparser's `DuplicateOptionError` glues `… in section … already
  exists` from a list of pieces in its `__init__`) has every text its `__init__` or `__str__`
  builds, passes to a base `__init__` or returns read as its message, and when that text wraps
  the message the class is given (json's JSONDecodeError writes `'%s: line %d column %d (char
  %d)' % (msg, …)`), every text raised with the class, in any module of the package, is read
  wrapped too: `JSONDecodeError: Expecting value: line … column … (char …)`, as a run prints
  it. A warning a library issues (`warnings.warn("All-NaN slice encountered", RuntimeWarning)`)
  reads `RuntimeWarning: …` (a `UserWarning` when no category is given). Every text argument,
  not the first alone: PyYAML raises `ConstructorError(None, None, "could not determine a constructor
  for the tag %r" % tag, mark)`.
- C++: the NUL-separated strings of torch's shared libraries that read as a sentence (three words or
  more, mostly letters, not a signature, a path or a format table). TORCH_CHECK keeps a message's
  pieces apart, so a line may be a piece of one; a piece that opens a message and ends with a
  space has a value glued after it, a gap: `… must be between 0.0 and 1.0. Got: …`.
- pydantic-core: its messages are formatted in Rust, so they are read from running code instead:
  every error type `pydantic_core.list_all_errors()` lists, raised through
  `ValidationError.from_exception_data()` with marked values, read back as the line a traceback
  shows (`Field required [type=missing, input_value=…, input_type=…]`) and as the bare message,
  and the title line (`pydantic_core._pydantic_core.ValidationError: … validation error for …`).
  Without them a team's `1 validation error for ServingSettings` read as the team's own words.
- safetensors: formatted in Rust too, so read from running it on files that are not safetensors
  files (empty, a header length no file has, a header that is not JSON or not UTF-8, tensors that
  do not cover or fit the data), through `safe_open` and `load`: `Error while deserializing
  header: header too large` is what a `torch.save` zip named `.safetensors` and a `.bin` opened
  with safetensors both raise.
- tokenizers: Rust again (serde's messages), read from running it on tokenizer.json texts it cannot
  read (not JSON, a vocabulary written as a list, a model or step of a type it does not know…) and
  on a missing file, where in the file left to the run: `invalid type: sequence, expected a map at
  line … column …`.
- C: the same for the standard library's C modules (`_csv`, `_sqlite3`, `_json`, `_pickle`… in
  lib-dynload, and libpython itself), the C libraries they load (`ldd`: SQLite's `database is
  locked` is libsqlite3's, not `_sqlite3`'s) and numpy's C core, whose messages are printf
  templates: `field larger than field limit (%ld)` reads `field larger than field limit (…)`.
  Without them a team's `_csv.Error: field larger than field limit (131072)` read as the team's
  own words. C libraries are terse, so their strings count from 12 characters, torch's from 20.
  The exception classes those C modules define (`sqlite3.OperationalError`, `_csv.Error`) are kept
  too, each as `Name: …`: the class raises whatever message its module gives it.
- Cython 3.3: a compiled module keeps its strings LZSS-compressed (pandas 3, pyarrow, PyYAML), where
  `strings` finds none; cython_strings.py reads them back. The one-line ones that read as a message
  are kept, without a class (the module says which it raises in code, not in text); a piece an
  f-string glues a value to has that side a gap: `Integer column has NA values in column …`. In 11
  of the 61 modules here, all small, no index was found, and they are not read.

Values are left out rather than masked: kb reads words, and a value is a word of the run, not of the
message. A message of several lines (sklearn's `Input X contains NaN.` and the advice under it) is
kept whole and also line by line, since a paste shows it as lines and kb reads a paste by its lines.
Lines are capped at 300 characters, control characters become spaces, duplicates count once, and
the output is sorted, so a rerun on the same versions gives the same file.

Rerun (from the repository root, in a venv holding the libraries; about a minute). The file as
committed was read from bench/corpus/README.md's venv with pillow, accelerate, datasets, psutil and
pyarrow added (the header counts every package read); a venv without them gives ~1,400 lines fewer:

    /work/corpus-venv/bin/python bench/background/library_messages.py --out seed_entries/library_messages.txt
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import importlib.metadata
import json
import os
import re
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Iterable, Iterator
from functools import partial
from pathlib import Path

from cython_strings import cython_strings

PACKAGES = (
    "torch",
    "numpy",
    "pandas",
    "sklearn",
    "scipy",
    "transformers",
    "safetensors",
    "yaml",
    "fastapi",
    "starlette",
    "uvicorn",
    "pydantic",
    "httpx",
    "joblib",
)
#: Distributions named in the header, for the versions.
DISTRIBUTIONS = (
    "torch",
    "numpy",
    "pandas",
    "scikit-learn",
    "scipy",
    "transformers",
    "PyYAML",
    "fastapi",
    "starlette",
    "uvicorn",
    "pydantic",
)
TORCH_LIBRARIES = ("libtorch_cpu.so", "libc10.so", "libtorch_python.so")
#: numpy's C core, under site-packages.
NUMPY_LIBRARIES = ("numpy/_core/_multiarray_umath", "numpy/linalg/_umath_linalg")
#: The standard library's C modules that only test or demonstrate CPython.
SKIPPED_C_MODULES = re.compile(r"^(_test|_xx|xx|_ctypes_test)")
SKIPPED_FOLDERS = {
    *("site-packages", "dist-packages", "test", "tests", "testing", "_testing"),
    *("idlelib", "turtledemo", "tkinter", "lib2to3", "ensurepip"),
}
MAX_LINE = 300
GAP = "…"

#: A word of a message: two letters or more. A text with none is a value or a format, not a message.
_WORD = re.compile(r"[A-Za-z]{2,}")


def installed_packages(site: Path) -> list[Path]:
    """Every package installed in SITE besides those named (httpx2, huggingface_hub, datasets…):
    ML code runs on whatever its environment holds, and each raises its messages for any caller.
    The installers' own packages are left out."""
    return sorted(
        path
        for path in site.iterdir()
        if path.is_dir()
        and (path / "__init__.py").exists()
        and path.name not in INSTALLERS
        and not path.name.startswith(".")
    )


#: Packages a venv holds to install others, not to run anyone's code.
INSTALLERS = {"pip", "setuptools", "_distutils_hack", "pkg_resources", "wheel"}


def linked_libraries(modules: Iterable[Path]) -> list[Path]:
    """The shared libraries MODULES load besides the C runtime, as `ldd` lists them: SQLite's own
    messages (`database is locked`, `no such table: %s`) are in libsqlite3, not in `_sqlite3`.
    Nothing where `ldd` is missing (it is Linux's)."""
    found: set[Path] = set()
    for module in modules:
        try:
            listed = subprocess.run(["ldd", str(module)], capture_output=True, text=True, timeout=30).stdout
        except (OSError, subprocess.TimeoutExpired):
            return []
        for match in re.finditer(r"=>\s*(/\S+)", listed):
            path = Path(match.group(1))
            if not C_RUNTIME.match(path.name):
                found.add(path.resolve())
    return sorted(found)


#: The C runtime's own libraries, whose strings are no library's messages.
C_RUNTIME = re.compile(r"^(libc|libm|libdl|libpthread|librt|libutil|ld-linux|libgcc_s|libstdc\+\+)[.-]")


def python_files(root: Path) -> Iterator[Path]:
    for folder, folders, files in os.walk(root):
        folders[:] = sorted(f for f in folders if f not in SKIPPED_FOLDERS and not f.startswith("_vendor"))
        for name in sorted(files):
            if name.endswith(".py") and not name.startswith("test_"):
                yield Path(folder) / name


#: A `%`-conversion, `%%` included: where a `"…" % args` template takes a value.
_CONVERSION = re.compile(r"%(\([^)]*\))?[-#0 +]*\d*(\.\d+)?[a-zA-Z%]")


def template(node: ast.AST | None, texts: dict[str, list[str]]) -> str | None:
    """The text NODE makes, its values left out (GAP), or None when it is not text."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            part.value if isinstance(part, ast.Constant) and isinstance(part.value, str) else GAP
            for part in node.values
        )
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        left = template(node.left, texts)
        return None if left is None else _CONVERSION.sub(GAP, left)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = template(node.left, texts), template(node.right, texts)
        if left is None and right is None:
            return None
        return (left or GAP) + (right or GAP)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
        and (base := template(node.func.value, texts)) is not None
    ):
        return re.sub(r"\{[^{}]*\}", GAP, base)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join":
        parts = [template(arg, texts) for arg in node.args]
        return GAP.join(p for p in parts if p) or None
    if isinstance(node, ast.Call) and called_name(node) in TRANSLATIONS and node.args:
        return template(node.args[0], texts)
    if isinstance(node, ast.Name) and node.id in texts:
        return " ".join(texts[node.id])
    return None


#: The functions that translate a message before it is raised: argparse's `_('invalid %(type)s value:
#: %(value)r')`, click's `_("Missing argument {name}.")`. The text they are given is the message as
#: an English run prints it; `ngettext(singular, plural, n)` is read by its singular, which names the
#: same words.
TRANSLATIONS = ("_", "gettext", "ngettext")


def _mentions(node: ast.AST, name: str) -> bool:
    """Whether NODE reads the variable NAME."""
    return any(isinstance(inner, ast.Name) and inner.id == name for inner in ast.walk(node))


def pieces_template(node: ast.AST, texts: dict[str, list[str]]) -> str | None:
    """The text a list of pieces makes once glued (`"".join(msg)`), each value left out, or None
    when no piece is text: configparser builds `[repr(option), " in section ", repr(section),
    " already exists"]`."""
    if not isinstance(node, (ast.List, ast.Tuple)):
        return None
    parts = [template(element, texts) for element in node.elts]
    return "".join(part if part is not None else GAP for part in parts) if any(parts) else None


def last_name(node: ast.expr | None) -> str | None:
    """The name NODE gives, bare or as an attribute's last part (`warnings.warn`: `warn`)."""
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None


def called_name(call: ast.Call) -> str | None:
    """The name CALL calls (`ValueError`, `suffixed_err`, `warnings.warn`)."""
    return last_name(call.func)


def exception_name(call: ast.Call) -> str | None:
    """The class a `raise` statement calls, when it is named as a class is (`ValueError`,
    `UnsupportedProtocol`, `Timeout`): httpx's and httpcore's classes do not end in `Error`, and
    whatever a `raise` calls by a capitalised name is an exception class. A lowercase name is a
    function that builds one (`raise _missing(name)`), and an all-capitals one a constant."""
    name = called_name(call)
    if not name or not name[:1].isupper() or name.isupper():
        return None
    return name


def exception_builders(tree: ast.AST) -> dict[str, str]:
    """The functions and methods of a module that build an exception and return it (tomllib's
    `suffixed_err(src, pos, msg)` returns a `TOMLDecodeError`), each with the class it builds: what
    `raise suffixed_err(src, pos, f"Cannot declare {key} twice")` raises."""
    builders = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if (
                    isinstance(inner, ast.Return)
                    and isinstance(inner.value, ast.Call)
                    and (name := exception_name(inner.value))
                    and name.endswith(EXCEPTION_ENDINGS)
                ):
                    builders.setdefault(node.name, name)
                    break
    return builders


def is_exception_class(node: ast.ClassDef) -> bool:
    """Whether NODE defines an exception class, by its name or a base's (`DuplicateOptionError(Error)`)."""
    names = (node.name, *(last_name(base) for base in node.bases))
    return any(name and name.endswith(EXCEPTION_ENDINGS) for name in names)


EXCEPTION_ENDINGS = ("Error", "Exception", "Warning")
#: The methods in which an exception class writes its own message from its arguments.
MESSAGE_METHODS = ("__init__", "__str__")


class Raises(ast.NodeVisitor):
    """The messages of a module's raise statements, and those its exception classes write from
    their arguments: configparser's `DuplicateOptionError(section, option, source, lineno)` glues
    `… in section … already exists` together in its `__init__`, and nothing raises that text."""

    def __init__(self, builders: dict[str, str] | None = None) -> None:
        self.messages: list[str] = []
        self.texts: list[dict[str, list[str]]] = [{}]
        self.builders = builders or {}
        self.classes: list[ast.ClassDef] = []
        #: For each function being read, the exception class whose message it writes, if it does.
        self.writers: list[ast.ClassDef | None] = []
        #: For each such function, the texts it builds.
        self.written: list[list[str]] = []
        #: Each `raise`'s class and the text it gives as its first argument (its message).
        self.raised: list[tuple[str, str]] = []

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node)
        self.generic_visit(node)
        self.classes.pop()

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.texts.append({})
        writer = self.classes[-1] if self.classes and node.name in MESSAGE_METHODS else None
        if writer is not None and not (is_exception_class(writer) and node in writer.body):
            writer = None
        self.writers.append(writer)
        self.written.append([])
        self.generic_visit(node)
        if writer is not None:  # every text it builds is its message or a piece of it
            self.messages += [f"{writer.name}: {text}" for text in self.written[-1]]
        self.written.pop()
        self.writers.pop()
        self.texts.pop()

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    @property
    def writer(self) -> ast.ClassDef | None:
        """The exception class whose message the function being read writes, if it does."""
        return self.writers[-1] if self.writers else None

    def visit_Call(self, node: ast.Call) -> None:
        """`super().__init__(text)` or `Error.__init__(self, text)` in an exception's own
        `__init__`: the text is its message. `warnings.warn(text, RuntimeWarning)`: a warning is
        a library's message too, printed as `RuntimeWarning: text`, and raised as one under
        `-W error` or `filterwarnings("error")`."""
        writer = self.writer
        if writer is not None and isinstance(node.func, ast.Attribute) and node.func.attr == "__init__":
            self.message_of(writer.name, node.args)
        if self.reports_its_own_errors(node):
            self.message_of("", node.args[:1])
        if called_name(node) == "warn" and node.args:
            category = node.args[1] if len(node.args) > 1 else None
            category = next((k.value for k in node.keywords if k.arg == "category"), category)
            named = last_name(category)
            self.message_of(named if named and named[:1].isupper() else "UserWarning", node.args[:1])
        self.generic_visit(node)

    def reports_its_own_errors(self, call: ast.Call) -> bool:
        """Whether CALL is `self.error(text)` in a class that defines `error()`: argparse's parser
        reports `unrecognized arguments: …` that way, printed as `PROG: error: …` without a
        `raise`, and optparse's does the same."""
        if not self.classes or not isinstance(call.func, ast.Attribute) or call.func.attr != "error":
            return False
        methods = (member.name for member in self.classes[-1].body if isinstance(member, ast.FunctionDef))
        return isinstance(call.func.value, ast.Name) and call.func.value.id == "self" and "error" in methods

    def visit_Return(self, node: ast.Return) -> None:
        writer = self.writer
        if writer is not None and node.value is not None:
            self.message_of(writer.name, [node.value])
        self.generic_visit(node)

    def message_of(self, name: str, arguments: list[ast.expr]) -> None:
        """Each of ARGUMENTS that is text, as a message NAME raises (no class when NAME is "")."""
        for argument in arguments:
            text = template(argument, self.texts[-1])
            if text and _WORD.search(text):
                self.messages.append(f"{name}: {text}" if name else text)

    def visit_Assign(self, node: ast.Assign) -> None:
        text = template(node.value, self.texts[-1])
        if text is None and self.writer is not None:
            text = pieces_template(node.value, self.texts[-1])
        if text is not None and self.writer is not None:
            # `format = _('argument %(argument_name)s: %(message)s')`, filled in when returned
            self.written[-1].append(_NAMED_CONVERSION.sub(GAP, text))
        for target in node.targets:
            if isinstance(target, ast.Name):
                if text is not None:
                    self.texts[-1][target.id] = [text]
                elif not _mentions(node.value, target.id):
                    # `msg = str(err)` no longer holds the text assigned before; torch's
                    # `msg = KeyErrorMessage(msg)` still does
                    self.texts[-1].pop(target.id, None)
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        if isinstance(node.target, ast.Name) and isinstance(node.op, ast.Add):
            text = template(node.value, self.texts[-1])
            if text is not None:
                self.texts[-1].setdefault(node.target.id, []).append(text)
        self.generic_visit(node)

    def visit_Raise(self, node: ast.Raise) -> None:
        call = node.exc
        if isinstance(call, ast.Call) and (name := exception_name(call) or self.built_by(call)):
            self.message_of(
                name, [*call.args, *(k.value for k in call.keywords if k.arg in MESSAGE_KEYWORDS)]
            )
            text = template(call.args[0], self.texts[-1]) if call.args else None
            if text:
                self.raised.append((name, text))
        self.generic_visit(node)

    def built_by(self, call: ast.Call) -> str | None:
        """The class CALL builds when it calls one of the module's exception builders."""
        name = called_name(call)
        return self.builders.get(name) if name else None


#: A `%`-conversion by name (`%(message)s`): a value a template leaves to the run, whatever it is
#: written in; an unnamed `%` in text that is not yet formatted may be a percent sign.
_NAMED_CONVERSION = re.compile(r"%\([^)]*\)[-#0 +]*\d*(\.\d+)?[a-zA-Z]")

#: Keyword arguments that carry an exception's text: `msg=`, and PyYAML's `problem=` and `context=`.
MESSAGE_KEYWORDS = ("msg", "message", "problem", "context")


def python_messages(root: Path) -> Iterator[str]:
    wrappers: dict[str, set[str]] = {}
    raised: list[tuple[str, str]] = []
    for path in python_files(root):
        try:
            tree = ast.parse(path.read_bytes(), filename=str(path))
        except (SyntaxError, ValueError):
            continue
        raises = Raises(exception_builders(tree))
        with contextlib.suppress(RecursionError):  # generated code nested too deep: what was read is kept
            raises.visit(tree)
        yield from raises.messages
        for name, wrapper in message_wrappers(tree).items():
            wrappers.setdefault(name, set()).add(wrapper)
        raised += raises.raised
    for name, text in raised:
        if len(wrappers.get(name, ())) == 1:  # one class of that name, or several that agree
            yield f"{name}: " + next(iter(wrappers[name])).replace(MESSAGE_SLOT, text)


#: Where a wrapper (message_wrappers()) puts the message it is given.
MESSAGE_SLOT = "\0"


def message_wrappers(tree: ast.AST) -> dict[str, str]:
    """The exception classes of a module whose `__init__` writes the message it is given into a
    longer one, each with that text, MESSAGE_SLOT where the message goes and the other values left
    out: JSONDecodeError's `'%s: line %d column %d (char %d)' % (msg, lineno, colno, pos)` prints
    `Expecting value: line 1 column 1 (char 0)`, and json raises `Expecting value` in another module."""
    wrappers = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef) or not is_exception_class(node):
            continue
        init = next((m for m in node.body if isinstance(m, ast.FunctionDef) and m.name == "__init__"), None)
        if init is None or len(init.args.args) < 2:
            continue
        message = init.args.args[1].arg
        for inner in ast.walk(init):
            wrapper = _wrapped(inner, message)
            if wrapper is not None:
                wrappers[node.name] = wrapper
                break
    return wrappers


def _wrapped(node: ast.AST, name: str) -> str | None:
    """The text NODE writes around the variable NAME (MESSAGE_SLOT where it goes, GAP for every other
    value), when NODE is `'…' % (…)` or an f-string that uses NAME and adds words of its own."""
    parts: list[str] = []
    if isinstance(node, ast.JoinedStr):
        for part in node.values:
            if isinstance(part, ast.Constant) and isinstance(part.value, str):
                parts.append(part.value)
            else:
                value = part.value if isinstance(part, ast.FormattedValue) else None
                parts.append(MESSAGE_SLOT if isinstance(value, ast.Name) and value.id == name else GAP)
    elif (
        isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Mod)
        and isinstance(node.left, ast.Constant)
        and isinstance(node.left.value, str)
        and isinstance(node.right, ast.Tuple)
    ):
        values = iter(node.right.elts)
        at = 0
        for conversion in _CONVERSION.finditer(node.left.value):
            parts.append(node.left.value[at : conversion.start()])
            at = conversion.end()
            if conversion.group() == "%%":
                parts.append("%")
                continue
            value = next(values, None)
            parts.append(MESSAGE_SLOT if isinstance(value, ast.Name) and value.id == name else GAP)
        parts.append(node.left.value[at:])
    text = "".join(parts)
    if text.count(MESSAGE_SLOT) != 1 or not _WORD.search(text.replace(MESSAGE_SLOT, "")):
        return None
    return text


_SENTENCE = re.compile(rb"[\x20-\x7e]{20,400}")
#: C libraries' messages are terse (`database is locked`, `no such table: %s`); torch's strings are
#: so many that only longer ones are read as sentences.
_SHORT_SENTENCE = re.compile(rb"[\x20-\x7e]{12,400}")
#: A signature, a symbol, a path, a list item or a format table: not a message.
_NOT_A_MESSAGE = re.compile(r"::|->|\(Tensor|_ZN|/[a-z_]+/|\.(cpp|h|py|so)\b|^\s*[-*#]|%[-\d.]*[sd]\b.*%")


#: A printf conversion in a C module's message (`%ld`, `%.200s`, `%R`, `%zd`): a value of the run.
_PRINTF = re.compile(r"%[-#0 +]*(\d+|\*)?(\.(\d+|\*))?(hh|h|ll|l|z|j|t)?[diouxXeEfgGcsSRUAVp]")


def compiled_messages(
    library: Path, printf: bool = False, terse: bool = False, pieces: bool = False
) -> Iterator[str]:
    """The strings of LIBRARY that read as a sentence of an error message; with PRINTF, C's
    conversions in them become gaps first; with TERSE, from 12 characters on rather than 20; with
    PIECES, for a library that glues a message from strings and values (torch's TORCH_CHECK), a
    string's open side is a gap (piece_gaps())."""
    data = library.read_bytes()
    sentence = _SHORT_SENTENCE if terse else _SENTENCE
    for piece in data.split(b"\0"):
        if not sentence.fullmatch(piece):
            continue
        text = piece.decode("ascii")
        if printf:
            text = printf_gaps(text)
            if GAP in text and not text.replace(GAP, "").strip(" ()'\"[]:,.="):
                continue
        if reads_as_a_message(text):
            yield piece_gaps(text) if pieces else text


def piece_gaps(text: str) -> str:
    """TEXT, a piece of a message glued from strings and values, with a gap after it when it opens
    a message and a value is glued to its end. `TORCH_CHECK(0 <= p && p <= 1, "label_smoothing must
    be between 0.0 and 1.0. Got: ", p)` keeps `label_smoothing must be between 0.0 and 1.0. Got: `
    in the library: the space it ends with is where the run's value goes, and without a gap there
    the line a run prints (`… Got: 10`) follows no template, so it read as words of its own. A
    piece that begins with a space continues a message (` This view was created inside a custom
    Function …`) and is kept as it is: a gap before it would make it the template of every line
    it ends, whatever the message's own opening said."""
    if text[-1:].isspace() and not text[:1].isspace():
        return text + GAP
    return text


def printf_gaps(text: str) -> str:
    """TEXT with each C printf conversion a gap (`%%` is a percent sign)."""
    return "%".join(_PRINTF.sub(GAP, part) for part in text.split("%%"))


def reads_as_a_message(text: str) -> bool:
    """Whether TEXT, a string of compiled code, reads as a sentence of a message: three words or
    more, mostly letters, not a signature, a path or a format table."""
    words = _WORD.findall(text)
    letters = sum(len(word) for word in words)
    return (
        len(words) >= 3
        and text.count(" ") >= 2
        and letters >= 0.6 * len(text.replace(" ", ""))
        and not _NOT_A_MESSAGE.search(text)
    )


def cython_messages(module: Path) -> Iterator[str]:
    """The strings of the Cython 3.3 MODULE that read as a message or a piece of one (cython_strings:
    the module keeps them compressed). A piece an f-string glues a value to (`Integer column has NA
    values in column `, ` is not supported for parsing`) has the value's side a gap; a docstring
    (several lines) is not a message. A printf conversion or a format field is a gap too."""
    for text in cython_strings(module.read_bytes()):
        if "\n" in text or not _SENTENCE_TEXT.fullmatch(text):
            continue
        message = _FORMAT_FIELD.sub(GAP, printf_gaps(text))
        before, after = (GAP if end.isspace() else "" for end in (message[:1], message[-1:]))
        message = before + message.strip() + after
        if (
            reads_as_a_message(message)
            and "|" not in message  # a type annotation (`str | bytes | None`)
            and not _CYTHON_NAME.search(message)
        ):
            yield message


#: What Cython names, not says: a doctest's key (`Timestamp.replace (line 3765)`), a fused
#: specialization (`…[const uint64_t[:],const uint64_t[:]]`), a property's getter.
_CYTHON_NAME = re.compile(r"\(line \d+\)$|\[:\]|\.__get__\b")


#: A field `str.format()` fills in (`{}`, `{0}`, `{name!r}`): a value of the run.
_FORMAT_FIELD = re.compile(r"\{[\w.\[\]]*(![rsa])?(:[^{}]*)?\}")


#: A string of a compiled module long enough to be a message, in printable characters.
_SENTENCE_TEXT = re.compile(r"[\x20-\x7e]{12,400}")


#: An exception class a C module defines, by the dotted name it gives it (`sqlite3.OperationalError`).
_C_EXCEPTION = re.compile(
    rb"[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*\.(?:[A-Z][A-Za-z0-9]*)?(?:Error|Exception|Warning)"
)


def compiled_exception_classes(library: Path) -> Iterator[str]:
    """The exception classes a C module defines, each as `Name: …`: the class raises whatever
    message its module gives it (sqlite3's come from libsqlite3), so the class is a library's, not
    the words of a team that records `sqlite3.OperationalError: no such table: user_features`."""
    for piece in library.read_bytes().split(b"\0"):
        if _C_EXCEPTION.fullmatch(piece):
            yield f"{piece.decode('ascii')}: {GAP}"


#: Marks a value in a message pydantic-core formats, to be read back as a gap: a text where the
#: context takes any value, a number where it must be one.
_MARKS = ("kbvaluemark", 918273645)


def pydantic_core_messages() -> Iterator[str]:
    """The messages pydantic-core raises, made by raising each error type it lists with marked
    values (nothing when pydantic-core is not installed)."""
    try:
        from pydantic_core import ValidationError
        from pydantic_core._pydantic_core import list_all_errors
    except ImportError:
        return
    for error in list_all_errors():
        context = error["example_context"] or {}
        for mark in _MARKS:
            try:
                line_error = {"type": error["type"], "loc": (_MARKS[0],), "input": mark}
                raised = ValidationError.from_exception_data(
                    str(_MARKS[0]), [{**line_error, "ctx": dict.fromkeys(context, mark)}]
                )
            except (TypeError, ValueError):
                continue
            detail = str(raised).splitlines()[2]
            detail = re.sub(r"input_type=\w+", f"input_type={GAP}", detail)
            for value in (repr(mark), str(mark)):
                detail = detail.replace(value, GAP)
            yield detail.strip()
            yield re.sub(r"\{\w+\}", GAP, error["message_template_python"])
            break
    name = f"{ValidationError.__module__}.{ValidationError.__qualname__}"
    for count in (1, 2):
        raised = ValidationError.from_exception_data(
            str(_MARKS[0]), [{"type": "missing", "loc": (_MARKS[0],), "input": {}}] * count
        )
        title = str(raised).splitlines()[0].replace(str(count), GAP, 1).replace(str(_MARKS[0]), GAP)
        yield f"{name}: {title}"


def as_printed(error: BaseException, message: str) -> str:
    """ERROR's line with MESSAGE, its class named as a traceback names it: with its module, but
    for a built-in one (`Exception: …`, `safetensors._safetensors_rust.SafetensorError: …`)."""
    kind = type(error)
    name = kind.__qualname__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__qualname__}"
    return f"{name}: {message}"


#: Files safetensors is asked to read, each not a safetensors file in its own way: empty, a
#: header length no file has (what a `torch.save` zip or a Git LFS pointer reads as), a header that
#: is not JSON or not UTF-8, a header whose tensors do not cover the data or do not fit it.
_NOT_SAFETENSORS: tuple[bytes, ...] = (
    b"",
    (1 << 40).to_bytes(8, "little") + b"{}",
    (8).to_bytes(8, "little") + b"{not js}",
    (4).to_bytes(8, "little") + b"\xff\xfe\xfd\xfc",
    *(
        len(header).to_bytes(8, "little") + header + bytes(8)
        for header in (
            b'{"w": {"dtype": "F32", "shape": [4], "data_offsets": [0, 16]}}',
            b'{"w": {"dtype": "F32", "shape": [4], "data_offsets": [0, 8]}}',
        )
    ),
)


def safetensors_messages() -> Iterator[str]:
    """The messages safetensors raises, formatted in Rust like pydantic-core's, so read from running
    it: each file of _NOT_SAFETENSORS opened with `safe_open` and loaded from bytes, the parser's
    detail after `in header:` left to the run (nothing when safetensors is not installed)."""
    try:
        from safetensors import safe_open
        from safetensors.numpy import load
    except ImportError:
        return
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "model.safetensors"
        for data in _NOT_SAFETENSORS:
            path.write_bytes(data)
            for read, given in ((partial(safe_open, framework="np"), str(path)), (load, data)):
                try:
                    read(given)
                except Exception as error:  # whichever class it raises goes with its message
                    yield as_printed(error, re.sub(r"(in header: ).*", rf"\g<1>{GAP}", str(error)))


def _tokenizer_json(model: dict[str, object] | None, **steps: object) -> str:
    """A tokenizer.json of a one-word WordLevel model with MODEL's changes (None: no model at all),
    and STEPS (normalizer, pre_tokenizer, post_processor, decoder) as given."""
    top: dict[str, object] = dict.fromkeys(
        ("truncation", "padding", "normalizer", "pre_tokenizer", "post_processor", "decoder")
    )
    top.update(version="1.0", added_tokens=[], **steps)
    if model is not None:
        top["model"] = {"type": "WordLevel", "vocab": {"[UNK]": 0, "a": 1}, "unk_token": "[UNK]", **model}
    return json.dumps(top, indent=2)


#: tokenizer.json texts the tokenizers library is asked to read, each wrong in its own way: not
#: JSON, cut short, a list, no model, a vocabulary written as a list, ids that are not numbers. Not
#: a model or a step of a type it does not know: `data did not match any variant of untagged enum
#: ModelWrapper` is what an older tokenizers says of a file a newer one wrote, a fault of its own,
#: not a message of many causes.
_NOT_A_TOKENIZER: tuple[str, ...] = (
    "",
    "{",
    "[]",
    _tokenizer_json(None),
    _tokenizer_json({"vocab": [["[UNK]", 0], ["a", 1]]}),
    _tokenizer_json({"vocab": {"a": "one"}}),
)


def tokenizers_messages() -> Iterator[str]:
    """The messages the tokenizers library raises for a tokenizer.json it cannot read, formatted in
    Rust (serde's), so read from running it on _NOT_A_TOKENIZER and on a file that is not there;
    where in the file, and the values serde quotes, left to the run (nothing when tokenizers is not
    installed)."""
    try:
        from tokenizers import Tokenizer
    except ImportError:
        return
    reads = [(Tokenizer.from_str, text) for text in _NOT_A_TOKENIZER]
    for read, given in (*reads, (Tokenizer.from_file, "tokenizer.json.missing")):
        try:
            read(given)
        except Exception as error:  # whichever class it raises goes with its message
            message = re.sub(r"at line \d+ column \d+", f"at line {GAP} column {GAP}", str(error))
            yield as_printed(error, re.sub(r'"[^"]*"', GAP, message))


def cleaned(messages: Iterable[str]) -> set[str]:
    """MESSAGES as lines of the file: each whole, and each line of one that has several."""
    found = set()
    for message in messages:
        found.add(clean(message))
        lines = [line for line in message.splitlines() if has_three_words(line)]
        if len(lines) > 1:
            found.update(clean(line) for line in lines)
    return found


def has_three_words(text: str) -> bool:
    """Whether TEXT holds three words of two letters or more: a message, not a fragment of one."""
    return len(_WORD.findall(text)) >= 3


def clean(message: str) -> str:
    message = re.sub(r"[\x00-\x1f\x7f]+", " ", message)
    message = re.sub(rf"(\s*{GAP}\s*)+", f" {GAP} ", message)
    return re.sub(r"\s+", " ", message).strip()[:MAX_LINE].rstrip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    site = Path(sysconfig.get_paths()["purelib"])
    messages: set[str] = set()
    counts: dict[str, int] = {}
    sources = [("stdlib", Path(sysconfig.get_paths()["stdlib"]))] + [(p, site / p) for p in PACKAGES]
    sources += [(p.name, p) for p in installed_packages(site) if p.name not in PACKAGES]
    for name, root in sources:
        if not root.is_dir():
            print(f"{name}: not installed, left out", file=sys.stderr)
            continue
        found = cleaned(python_messages(root))
        counts[name] = len(found)
        messages |= found
    found = cleaned(pydantic_core_messages())
    if found:
        counts["pydantic_core"] = len(found)
        messages |= found
    for name, running in (("safetensors", safetensors_messages), ("tokenizers", tokenizers_messages)):
        found = cleaned(running())
        if found:
            counts[f"{name} (run)"] = len(found)
            messages |= found
    for library in TORCH_LIBRARIES:
        path = site / "torch" / "lib" / library
        if path.exists():
            found = cleaned(compiled_messages(path, printf=True, pieces=True))
            counts[library] = len(found)
            messages |= found
    c_modules = [Path(sysconfig.get_config_var("LIBDIR") or "") / str(sysconfig.get_config_var("LDLIBRARY"))]
    dynload = Path(sysconfig.get_paths(vars={"platbase": sys.base_exec_prefix})["platstdlib"]) / "lib-dynload"
    c_modules += sorted(p for p in dynload.glob("*.so") if not SKIPPED_C_MODULES.match(p.name))
    for stem in NUMPY_LIBRARIES:
        c_modules += sorted((site / stem).parent.glob(Path(stem).name + "*.so"))
    c_modules += linked_libraries(c_modules)
    for path in c_modules:
        if path.is_file():
            found = cleaned(compiled_messages(path, printf=True, terse=True))
            counts[path.name.split(".")[0]] = len(found)
            messages |= found
    cython_modules = sorted(site.rglob("*.cpython-*.so"))
    found = set()
    for path in cython_modules:
        found |= cleaned(cython_messages(path))
    counts["Cython 3.3 modules"] = len(found)
    messages |= found
    # A class a C module defines is kept although its line is no sentence: it raises any message.
    classes = {line for path in c_modules if path.is_file() for line in compiled_exception_classes(path)}
    counts["C exception classes"] = len(classes)
    kept = sorted({m for m in messages if has_three_words(m)} | classes)
    versions = []
    for distribution in DISTRIBUTIONS:
        with contextlib.suppress(importlib.metadata.PackageNotFoundError):
            versions.append(f"{distribution} {importlib.metadata.version(distribution)}")
    header = [
        "# Error messages libraries raise, read from their code: the message of every `raise` and every",
        "# warning in the Python sources of the standard library and of every package of the venv",
        "# (counted below; with the messages exception classes write from their arguments), the",
        "# message strings of torch's C++ core, the standard library's C modules and the C libraries",
        "# they load, numpy's C core and the strings Cython 3.3 modules keep compressed, and",
        "# pydantic-core's, safetensors' and tokenizers' messages raised from running code.",
        "# Values are left out (…). No fault owns these: kb weighs",
        "# a team's own entries against them (a library raises its message for every caller), never",
        "# shows them.",
        "# Produced by bench/background/library_messages.py; regenerate with",
        "#   python bench/background/library_messages.py --out seed_entries/library_messages.txt",
        f"# Made with Python {sys.version.split()[0]}, {', '.join(versions)}.",
        "# " + ", ".join(f"{name} {count}" for name, count in counts.items()) + f"; {len(kept)} lines.",
    ]
    tmp = args.out.with_suffix(".tmp")
    tmp.write_text("\n".join(header + kept) + "\n", encoding="utf-8")
    os.replace(tmp, args.out)
    print(f"{len(kept)} messages → {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
