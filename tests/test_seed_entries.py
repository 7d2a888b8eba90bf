"""The seed knowledge: every case of both field guides, each one actionable and checkable."""

from __future__ import annotations

import ast
import re
import shlex
import subprocess
import sys
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from kb.domains import DOMAIN_NAMES
from kb.entry.check_rule import fill
from kb.entry.content import EntryContent
from kb.entry.lint import validation_kind, validation_problem
from kb.entry.terminal import format_entry
from kb.paths import seed_directory
from kb.store.seeding import read_seed_entries
from tests.background_scripts import background_script

SEEDS = seed_directory()
DOCUMENTS = ("000_3143e908a6dccf52.txt", "002_e355c488b52cc5dc.txt")
#: How a check may fail on a machine without torch, a GPU or the user's project: clearly.
ALLOWED_FAILURES = (
    "ModuleNotFoundError",
    "FileNotFoundError",
    "ImportError",
    "AssertionError: no CUDA GPU visible",
)


@cache
def entries() -> tuple[EntryContent, ...]:
    return tuple(read_seed_entries(SEEDS))


def by_key() -> dict[str, EntryContent]:
    return {e.key: e for e in entries()}


def python_code(validation: str) -> str | None:
    """The Python a validation runs, or None for a shell command that is not `python -c`."""
    if validation_kind(validation) == "python":
        return validation
    words = shlex.split(validation)
    if words and re.match(r"^python3?$", words[0]) and "-c" in words:
        return words[words.index("-c") + 1]
    return None


def imports_of(code: str) -> set[str]:
    tree = ast.parse(code)
    names = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    return names | {(n.module or "").split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}


def test_there_are_seventy_or_more_entries_across_every_domain() -> None:
    assert len(entries()) >= 70
    assert {e.domain for e in entries()} == set(DOMAIN_NAMES)


@pytest.mark.parametrize("entry", entries(), ids=lambda e: e.key)
def test_each_entry_is_actionable(entry: EntryContent) -> None:
    assert validation_problem(entry.validation) is None
    assert entry.fix and entry.root_cause and entry.cause_path and entry.tags
    assert any(doc in entry.source for doc in DOCUMENTS) and "§" in entry.source
    assert set(entry.related) <= by_key().keys(), "related keys must exist"


@pytest.mark.parametrize("entry", entries(), ids=lambda e: e.key)
def test_each_entry_reads_well_on_80_columns(entry: EntryContent) -> None:
    text = format_entry(entry, width=80)
    long_lines = [
        line
        for line in text.splitlines()
        if len(line) > 80 and not line.startswith(("Validation", "  "))  # commands and snippets stay whole
    ]
    assert long_lines == []


PYTHON_VALIDATIONS = [
    (e.key, code) for e in entries() if (code := python_code(fill(e.validation, e.check_rule))) is not None
]


@pytest.mark.parametrize(("key", "code"), PYTHON_VALIDATIONS, ids=[k for k, _ in PYTHON_VALIDATIONS])
def test_python_validations_run_or_fail_clearly(key: str, code: str, tmp_path: Path) -> None:
    """Stdlib-only checks run; checks needing torch or your project fail with a clear import/file error."""
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    if result.returncode == 0:
        return
    last = (result.stderr.strip().splitlines() or [""])[-1]
    assert last.startswith(ALLOWED_FAILURES), f"{key}: {last}"
    if imports_of(code) <= sys.stdlib_module_names:
        assert not last.startswith("ModuleNotFoundError: No module named 'torch'")


@cache
def checklist_keys() -> set[str]:
    text = (SEEDS / "CHECKLIST.md").read_text(encoding="utf-8")
    rows = [
        line.rsplit("|", 2)[-2] for line in text.splitlines() if line.startswith("| ") and "---" not in line
    ]
    return {key for row in rows for key in re.findall(r"`([a-z0-9-]+)`", row)} - {"domains"}


def test_the_checklist_names_only_real_entries() -> None:
    assert checklist_keys() - by_key().keys() == set()


def test_every_entry_is_in_the_checklist() -> None:
    assert by_key().keys() - checklist_keys() == set()


def test_the_named_snippets_are_attached() -> None:
    snippets = {e.key: e.snippet for e in entries() if e.snippet}
    wanted = [
        "numerical_probe",
        "register_full_backward_hook",
        "SafeCrossEntropyLoss",
        "RobustDataLoader",
        "def collate_fn",
        "empty_cache",
        "manual_seed",
    ]
    for fragment in wanted:
        assert any(fragment in s for s in snippets.values()), fragment
    for key, snippet in snippets.items():
        if snippet.lstrip().startswith(("def ", "class ", "import ", "from ", "#")):
            ast.parse(snippet)  # Python snippets must at least parse
        assert key


@cache
def domains_toml() -> dict[str, object]:
    return tomllib.loads((SEEDS / "domains.toml").read_text(encoding="utf-8"))


def test_the_keyword_map_covers_every_domain() -> None:
    keywords = domains_toml()["keywords"]
    assert isinstance(keywords, dict) and len(keywords) >= 60
    assert set(keywords.values()) == set(DOMAIN_NAMES)
    assert any(re.search(r"[\u4e00-\u9fff]", k) for k in keywords)


def test_every_domain_has_golden_checks_and_the_rollback_rule_is_kept() -> None:
    golden = domains_toml()["golden_checks"]
    assert isinstance(golden, dict) and set(golden) == set(DOMAIN_NAMES)
    for checks in golden.values():
        assert checks["lines"]
    rollback = domains_toml()["rollback"]
    assert isinstance(rollback, dict) and rollback["after_failures"] == 2 and len(rollback["steps"]) == 4


def test_no_everyday_error_in_the_background_is_a_seeds_own_symptom() -> None:
    """The background is what no fault owns (bench/background/disown.py leaves the rest out): a seed
    whose symptom were in it could never be confident. A variant without its closing remark
    (`... (the same labels fed to nn.BCELoss)`) is the seed's message too, and so is an OSError's
    message naming another file (`Too many open files: '/data/x.jpg'`)."""
    from kb.text.paste import signature

    disown = background_script("disown")
    owned = {form for _, form in disown.seed_forms(SEEDS)}
    assert signature("RuntimeError: all elements of target should be between 0 and 1") in owned
    assert signature("OSError: [Errno 24] Too many open files") in owned
    lines = (SEEDS / "everyday_errors.txt").read_text(encoding="utf-8").splitlines()
    assert not [line for line in lines if not line.startswith("#") and signature(line) in owned]
    without_paths = [disown._PATH_OPERAND.sub("", line) for line in lines if not line.startswith("#")]
    assert not [line for line in without_paths if signature(line) in owned]
    assert disown.owned_by(["OSError: [Errno 24] Too many open files: '/data/coco/1.jpg'"], SEEDS)
    assert not disown.owned_by(["ValueError: could not convert string to float: 'abc'"], SEEDS)


def test_the_background_says_what_it_is_and_holds_thousands_of_messages() -> None:
    lines = (SEEDS / "everyday_errors.txt").read_text(encoding="utf-8").splitlines()
    header = "\n".join(line for line in lines if line.startswith("#"))
    assert "No fault owns these" in header and "bench/background/harvest.py" in header
    assert sum(1 for line in lines if line and not line.startswith("#")) > 5000


def test_the_library_messages_say_what_they_are_and_hold_thousands() -> None:
    lines = (SEEDS / "library_messages.txt").read_text(encoding="utf-8").splitlines()
    header = "\n".join(line for line in lines if line.startswith("#"))
    assert "No fault owns these" in header and "bench/background/library_messages.py" in header
    messages = [line for line in lines if line and not line.startswith("#")]
    assert len(messages) > 10_000 and messages == sorted(set(messages))


def library_harvest() -> Any:
    """bench/background/library_messages.py, the script that makes seed_entries/library_messages.txt."""
    return background_script("library_messages")


def test_a_librarys_messages_are_read_from_its_raise_statements(tmp_path: Path) -> None:
    harvest = library_harvest()
    (tmp_path / "optim.py").write_text(
        "def load(groups, saved):\n"
        "    if len(groups) != len(saved):\n"
        '        raise ValueError("loaded state dict has a different number of parameter groups")\n'
        "    for name in saved:\n"
        '        message = f"unexpected key {name!r} in state"\n'
        "        message += ' (saved by a newer version)'\n"
        "        raise KeyError(message)\n"
        "    raise RuntimeError('Tried to step %d times, total steps is %d' % (1, 2))\n"
        "    raise SystemExit(3)\n",
        encoding="utf-8",
    )
    found = [harvest.clean(m) for m in harvest.python_messages(tmp_path)]
    assert found == [
        "ValueError: loaded state dict has a different number of parameter groups",
        "KeyError: unexpected key … in state (saved by a newer version)",
        "RuntimeError: Tried to step … times, total steps is …",
    ]


def test_every_text_argument_of_a_raise_is_a_message(tmp_path: Path) -> None:
    """PyYAML passes its message third, or as `problem=`, after a context and a position."""
    (tmp_path / "constructor.py").write_text(
        "def construct(tag, mark):\n"
        "    problem = 'could not determine a constructor for the tag %r' % tag\n"
        "    raise ConstructorError(None, None, problem, mark)\n"
        "def mapping(node):\n"
        '    raise ConstructorError("while constructing a mapping", node.start_mark,\n'
        '                           problem="found unhashable key", problem_mark=node.mark)\n',
        encoding="utf-8",
    )
    assert [library_harvest().clean(m) for m in library_harvest().python_messages(tmp_path)] == [
        "ConstructorError: could not determine a constructor for the tag …",
        "ConstructorError: while constructing a mapping",
        "ConstructorError: found unhashable key",
    ]


def test_a_class_named_without_error_is_read_too(tmp_path: Path) -> None:
    """httpx's and httpcore's classes (`UnsupportedProtocol`, `ReadTimeout`) do not end in `Error`:
    whatever a `raise` calls by a capitalised name is an exception class; a function that builds
    one (`raise _missing(name)`) and a constant are not read as classes."""
    (tmp_path / "pool.py").write_text(
        "def send(url, name):\n"
        "    if not url.startswith('http'):\n"
        "        raise UnsupportedProtocol(\"Request URL is missing an 'http://' or 'https://' protocol.\")\n"
        "    raise _missing(f'no route for {name}')\n"
        "    raise HTTP_ERROR('not a class name')\n",
        encoding="utf-8",
    )
    assert [library_harvest().clean(m) for m in library_harvest().python_messages(tmp_path)] == [
        "UnsupportedProtocol: Request URL is missing an 'http://' or 'https://' protocol.",
    ]


def test_a_raised_builders_exception_is_read_by_the_class_it_builds(tmp_path: Path) -> None:
    """tomllib raises `suffixed_err(src, pos, f"Cannot declare {key} twice")`: the function builds a
    TOMLDecodeError, and the text given to it is that error's message."""
    (tmp_path / "_parser.py").write_text(
        "def suffixed_err(src, pos, msg):\n"
        "    return TOMLDecodeError(f'{msg} (at {pos})')\n"
        "def declare(src, pos, key):\n"
        "    raise suffixed_err(src, pos, f'Cannot declare {key} twice')\n",
        encoding="utf-8",
    )
    found = [library_harvest().clean(m) for m in library_harvest().python_messages(tmp_path)]
    assert found == ["TOMLDecodeError: Cannot declare … twice"]


def test_a_message_an_exception_class_writes_from_its_arguments_is_read(tmp_path: Path) -> None:
    """configparser's DuplicateOptionError glues its message together in `__init__` from pieces;
    nothing raises that text, yet every `option … in section … already exists` is configparser's."""
    (tmp_path / "configparser.py").write_text(
        "class DuplicateOptionError(Error):\n"
        "    def __init__(self, section, option, source=None):\n"
        "        msg = [repr(option), ' in section ', repr(section), ' already exists']\n"
        "        if source is not None:\n"
        "            msg = ['While reading from ', repr(source), ': option ', *msg]\n"
        "        Error.__init__(self, ''.join(msg))\n"
        "class NoSectionError(Error):\n"
        "    def __init__(self, section):\n"
        "        super().__init__(f'No section: {section!r}')\n"
        "class Plain:\n"
        "    def __init__(self, name):\n"
        "        self.label = f'not a message of {name}'\n",
        encoding="utf-8",
    )
    found = {library_harvest().clean(m) for m in library_harvest().python_messages(tmp_path)}
    assert found == {
        "DuplicateOptionError: … in section … already exists",
        "DuplicateOptionError: While reading from … : option …",
        "NoSectionError: No section: …",
    }


def test_a_translated_message_and_a_parsers_own_error_report_are_read(tmp_path: Path) -> None:
    """argparse builds its refusals as `msg = _('invalid %(type)s value: %(value)r')` and raises them
    later, or reports them with `self.error(...)`, printed as `train.py: error: …` without a raise:
    a script's refusal of `--lr 3e-4,` is argparse's words for every caller, not the team's."""
    (tmp_path / "argparse.py").write_text(
        "class ArgumentError(Exception):\n"
        "    def __str__(self):\n"
        "        format = _('argument %(argument_name)s: %(message)s')\n"
        "        return format % dict(message=self.message, argument_name=self.argument_name)\n"
        "class ArgumentParser:\n"
        "    def _get_value(self, action, arg_string):\n"
        "        try:\n"
        "            return action.type(arg_string)\n"
        "        except ArgumentTypeError as err:\n"
        "            msg = str(err)\n"
        "            raise ArgumentError(action, msg)\n"
        "        except (TypeError, ValueError):\n"
        "            msg = _('invalid %(type)s value: %(value)r')\n"
        "            raise ArgumentError(action, msg % args)\n"
        "    def parse_args(self, argv):\n"
        "        msg = _('unrecognized arguments: %s')\n"
        "        self.error(msg % ' '.join(argv))\n"
        "        expected = ngettext('expected %s argument', 'expected %s arguments', n) % n\n"
        "        raise ArgumentError(None, expected)\n"
        "    def error(self, message):\n"
        "        self.exit(2, message)\n"
        "def other(logger):\n"
        "    logger.error('not a parser of its own')\n",
        encoding="utf-8",
    )
    found = {library_harvest().clean(m) for m in library_harvest().python_messages(tmp_path)}
    assert found == {
        "ArgumentError: argument … : …",
        "ArgumentError: invalid … value: …",
        "ArgumentError: expected … argument",
        "unrecognized arguments: …",
    }


def test_a_message_raised_through_a_class_that_wraps_it_is_read_as_printed(tmp_path: Path) -> None:
    """json raises `JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", s, 0)` in one
    module, and the class, defined in another, prints it inside its own words: `…: line 1 column 1
    (char 0)`. Both the message and the line as printed are json's."""
    (tmp_path / "decoder.py").write_text(
        "class JSONDecodeError(ValueError):\n"
        "    def __init__(self, msg, doc, pos):\n"
        "        lineno, colno = doc.count('\\n', 0, pos) + 1, pos\n"
        "        errmsg = '%s: line %d column %d (char %d)' % (msg, lineno, colno, pos)\n"
        "        ValueError.__init__(self, errmsg)\n"
        "class Quiet(ValueError):\n"
        "    def __init__(self, msg):\n"
        "        super().__init__(f'{msg}')\n",
        encoding="utf-8",
    )
    (tmp_path / "__init__.py").write_text(
        "def loads(s):\n"
        "    if s.startswith('\\ufeff'):\n"
        "        raise JSONDecodeError('Unexpected UTF-8 BOM (decode using utf-8-sig)', s, 0)\n"
        "    raise Quiet('nothing to read here')\n",
        encoding="utf-8",
    )
    found = {library_harvest().clean(m) for m in library_harvest().python_messages(tmp_path)}
    assert found == {
        "JSONDecodeError: … : line … column … (char … )",
        "JSONDecodeError: Unexpected UTF-8 BOM (decode using utf-8-sig)",
        "JSONDecodeError: Unexpected UTF-8 BOM (decode using utf-8-sig): line … column … (char … )",
        "Quiet: nothing to read here",
    }


def test_a_librarys_warnings_are_its_messages_too(tmp_path: Path) -> None:
    """numpy warns `All-NaN slice encountered`; under `filterwarnings("error")` a run stops on it,
    and the line reads `RuntimeWarning: All-NaN slice encountered` for whoever called nanmax."""
    (tmp_path / "_nanfunctions.py").write_text(
        "import warnings\n"
        "def nanmax(a):\n"
        "    warnings.warn('All-NaN slice encountered', RuntimeWarning, stacklevel=2)\n"
        "    warnings.warn(f'{a} is deprecated', category=FutureWarning)\n"
        "    warn('no category given here')\n",
        encoding="utf-8",
    )
    found = [library_harvest().clean(m) for m in library_harvest().python_messages(tmp_path)]
    assert found == [
        "RuntimeWarning: All-NaN slice encountered",
        "FutureWarning: … is deprecated",
        "UserWarning: no category given here",
    ]


def test_every_package_of_the_venv_is_read_but_the_installers(tmp_path: Path) -> None:
    for name in ("httpx2", "huggingface_hub", "pip", "setuptools", "_distutils_hack", "data_only"):
        (tmp_path / name).mkdir()
        if name != "data_only":
            (tmp_path / name / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "six.py").write_text("", encoding="utf-8")
    found = [path.name for path in library_harvest().installed_packages(tmp_path)]
    assert found == ["httpx2", "huggingface_hub"]


def test_a_c_librarys_terse_messages_are_read(tmp_path: Path) -> None:
    """SQLite's own messages are short: read from 12 characters on in a C library, not in torch's."""
    library = tmp_path / "libsqlite3.so.0"
    library.write_bytes(b"\x7fELF\0database is locked\0no such table: %s\0%s.%s\0sqlite3_open_v2\0")
    harvest = library_harvest()
    terse = harvest.cleaned(harvest.compiled_messages(library, printf=True, terse=True))
    assert {"database is locked", "no such table: …"} <= terse
    assert not harvest.cleaned(harvest.compiled_messages(library, printf=True))


def test_a_torch_check_piece_that_a_value_follows_ends_in_a_gap(tmp_path: Path) -> None:
    """TORCH_CHECK glues a message from strings and values: the string that opens a message and
    ends with a space is followed by the run's value; one that begins with a space continues
    another message, and a gap before it would let it stand for any line it ends."""
    library = tmp_path / "libtorch_cpu.so"
    library.write_bytes(
        b"\0label_smoothing must be between 0.0 and 1.0. Got: \0"
        b" This view was created inside a custom Function and is modified\0"
        b"Expected all tensors to be on the same device\0"
    )
    found = library_harvest().cleaned(library_harvest().compiled_messages(library, printf=True, pieces=True))
    assert found == {
        "label_smoothing must be between 0.0 and 1.0. Got: …",
        "This view was created inside a custom Function and is modified",
        "Expected all tensors to be on the same device",
    }


def test_the_exception_classes_a_c_module_defines_are_a_librarys(tmp_path: Path) -> None:
    """sqlite3's messages come from libsqlite3 and its classes from `_sqlite3`: each class is kept
    as raising any message, so that a team's `sqlite3.OperationalError: …` is not read as theirs."""
    module = tmp_path / "_sqlite3.so"
    module.write_bytes(b"\0sqlite3.OperationalError\0sqlite3.Cursor\0Error\0_csv.Error\0not.an.error\0")
    found = list(library_harvest().compiled_exception_classes(module))
    assert found == ["sqlite3.OperationalError: …", "_csv.Error: …"]


def test_a_message_of_several_lines_is_kept_whole_and_line_by_line(tmp_path: Path) -> None:
    """A paste shows sklearn's `Input X contains NaN.` and the advice under it as two lines, and the
    second may be all a person copies."""
    (tmp_path / "validation.py").write_text(
        "def check(name):\n"
        '    raise ValueError(f"Input X contains NaN.\\n{name} does not accept missing values")\n',
        encoding="utf-8",
    )
    assert library_harvest().cleaned(library_harvest().python_messages(tmp_path)) == {
        "ValueError: Input X contains NaN. … does not accept missing values",
        "ValueError: Input X contains NaN.",
        "… does not accept missing values",
    }


def test_pydantic_cores_messages_are_read_from_running_it() -> None:
    """pydantic-core formats its messages in Rust, where no `raise` can be read: the harvest raises
    each error type it lists and reads the lines a traceback shows, its values as gaps."""
    messages = set(library_harvest().pydantic_core_messages())
    assert "pydantic_core._pydantic_core.ValidationError: … validation error for …" in messages
    assert "pydantic_core._pydantic_core.ValidationError: … validation errors for …" in messages
    assert "Field required [type=missing, input_value=…, input_type=…]" in messages
    assert "Input should be greater than … [type=greater_than, input_value=…, input_type=…]" in messages
    assert "String should have at least … characters" in {message.split(" [type=")[0] for message in messages}
    assert not [message for message in messages if "kbvaluemark" in message or "918273645" in message]
