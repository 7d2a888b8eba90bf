"""Shared fixtures. Every test runs against a database in its own temporary folder.

That database is a copy of one seeded knowledge base, built once per run (the xdist workers share it)
by the real first-use path (`open_knowledge_base`): seeding takes about a second, a copy about a
millisecond. A test that needs what a new user has, no database at all until kb makes one, is
marked `new_database`; `empty_store` gives a store with no entries.
"""

from __future__ import annotations

import asyncio
import atexit
import inspect
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from typer.testing import CliRunner

from kb.store.entry_store import EntryStore

#: pytest's own fixture for running pytest: the kb plugin is tested through its real host.
pytest_plugins = ("pytester",)

#: Examples per property (each run draws new ones): 25 while you work, 100 in CI (.ci/run sets
#: HYPOTHESIS_PROFILE=ci), and HYPOTHESIS_PROFILE=thorough, before a release or after touching a
#: parser, 1000.
settings.register_profile("dev", max_examples=25, deadline=None)
settings.register_profile("ci", max_examples=100, deadline=None)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: two workers for each CPU this process may use. A worker spends much of the suite
    waiting (on the `kb` processes and hosts it starts, on PostgreSQL, on a TUI falling idle), and
    with one worker per CPU those waits left the CPUs idle: on the 2-CPU box, 268 s with two
    workers and 237 s with four (the PostgreSQL half included), 175 s and 158 s without it."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # macOS has no affinity
        cpus = os.cpu_count() or 1
    return 2 * cpus


def pytest_configure(config: pytest.Config) -> None:
    # The suite starts kb in hundreds of subprocesses, as users start it; with PYTHONDONTWRITEBYTECODE
    # set (some shells and containers set it), each would compile kb from source, as no user's does:
    # those tests took a quarter longer on a clean clone. The xdist workers, started after this,
    # inherit the environment without it.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False
    # Code that runs while the tests are collected, before isolated_home, reaches kb's folders too
    # (a module-level background tokenizes, and kb keeps the patterns it compiled in the cache):
    # for the whole session they are a folder of its own, removed when the process ends.
    session = tempfile.mkdtemp(prefix="kb-tests-")
    atexit.register(shutil.rmtree, session, ignore_errors=True)
    for variable in ("XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        os.environ[variable] = os.path.join(session, variable.lower())
    config.addinivalue_line("markers", "new_database: start with no database, as a new user does")
    config.addinivalue_line(
        "markers",
        "sqlite_only(reason): a test of SQLite itself (files, pragmas), or of what no backend takes part in",
    )
    config.addinivalue_line(
        "markers", "both_backends: a face's test that also runs on PostgreSQL (see BOTH_BACKENDS)"
    )


#: The pytest plugins kb's own suite installs (its SVG snapshots, its properties), which no project's
#: venv holds for kb's sake: the pytest a test starts in a project leaves them out, as the project's
#: own would. Loading them was 0.6 s of the 1.0 s of CPU each such pytest took (about 45 a run).
SUITE_ONLY_PLUGINS = "-p no:textual-snapshot -p no:syrupy -p no:hypothesispytest"


@contextmanager
def shared_by_workers(
    tmp_path_factory: pytest.TempPathFactory,
    name: str,
    build: Callable[[Path], None],
    let_go: Callable[[Path], None] | None = None,
) -> Iterator[Path]:
    """The folder NAME, filled by BUILD once for the whole run: under xdist, by the first worker to
    ask, in the folder the workers' own temporary folders share (the others wait for it, then read
    it); LET_GO, if given, undoes what BUILD made outside the folder when the last worker using it is
    done. Each of the four workers on the 2-CPU box seeded its own knowledge base and compiled its own
    backgrounds before its first test could start: a four-worker run of one small test file took
    17.5 s of CPU that way, 8.1 s with them built once."""
    import fcntl

    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent
    folder, worker = root / name, os.environ.get("PYTEST_XDIST_WORKER", "main")

    @contextmanager
    def locked() -> Iterator[None]:
        with open(root / f"{name}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            yield

    with locked():
        if not (folder / ".built").exists():
            shutil.rmtree(folder, ignore_errors=True)
            (folder / ".users").mkdir(parents=True)
            build(folder)
            (folder / ".built").touch()
        (folder / ".users" / worker).touch()
    try:
        yield folder
    finally:
        with locked():
            (folder / ".users" / worker).unlink()
            if let_go is not None and not any((folder / ".users").iterdir()):
                (folder / ".built").unlink()
                let_go(folder)


@pytest.fixture(scope="session")
def seeded_template(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A knowledge base seeded once by the first-use path, for every test to start from a copy of."""

    def seed(folder: Path) -> None:
        from kb.store.seeding import open_knowledge_base

        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("XDG_DATA_HOME", str(folder / "data"))
            patch.setenv("HOME", str(folder / "home"))
            open_knowledge_base(str(folder / "kb.db")).close()
        assert not (folder / "kb.db-wal").exists() or not (folder / "kb.db-wal").stat().st_size

    with shared_by_workers(tmp_path_factory, "seeded", seed) as folder:
        yield folder / "kb.db"


@pytest.fixture(scope="session")
def compiled_background(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Path]]:
    """The backgrounds (everyday errors, library messages) compiled once, as kb caches them on a
    user's first search (about a second and a half): each test's cache folder starts with them, as a
    user's has after it."""

    def compile_them(cache: Path) -> None:
        from kb.search.background import load_background, load_library_messages

        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("XDG_CACHE_HOME", str(cache))
            load_background.cache_clear()
            load_background()
            load_library_messages()
            load_background.cache_clear()

    with shared_by_workers(tmp_path_factory, "cache", compile_them) as cache:
        yield [*(cache / "kb").glob("everyday-*.marshal"), *(cache / "kb").glob("library-*.marshal")]


@pytest.fixture(autouse=True)
def isolated_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest, kb_backend: str
) -> Path:
    """Keep the developer's real knowledge base, drafts and editor out of every test."""
    fresh = bool(request.node.get_closest_marker("new_database")) or "empty_store" in request.fixturenames
    if kb_backend == "postgresql":
        template = None if fresh else request.getfixturevalue("postgres_seeded_template")
        monkeypatch.setenv("KB_DB", request.getfixturevalue("postgres_database_factory")(template))
    else:
        if not fresh:
            shutil.copyfile(request.getfixturevalue("seeded_template"), tmp_path / "kb.db")
        monkeypatch.setenv("KB_DB", str(tmp_path / "kb.db"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # no team sources
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    (tmp_path / "cache" / "kb").mkdir(parents=True)
    everyday, library = request.getfixturevalue("compiled_background")
    shutil.copyfile(everyday, tmp_path / "cache" / "kb" / everyday.name)  # some tests damage it
    os.link(library, tmp_path / "cache" / "kb" / library.name)  # 4 MB, and kb only ever replaces it
    monkeypatch.delenv("KB_CONFIG", raising=False)
    monkeypatch.chdir(tmp_path)  # no project's .kb/ above the working directory
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", "false")
    monkeypatch.setenv("NO_COLOR", "1")
    # The python on the PATH is the one the user's code runs in (kb.machine.active_python):
    # this one, as in an activated venv, unless a test says otherwise.
    monkeypatch.setenv("PATH", os.pathsep.join((os.path.dirname(sys.executable), os.environ.get("PATH", ""))))
    monkeypatch.setattr("kb.cli.console.interactive", lambda: False)
    monkeypatch.setenv("PYTEST_ADDOPTS", SUITE_ONLY_PLUGINS)
    return tmp_path


@pytest.fixture
def pytester(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """pytest's own fixture, whose set-up discards PYTEST_ADDOPTS: the projects it runs pytest in
    leave the suite's own plugins out too."""
    monkeypatch.setenv("PYTEST_ADDOPTS", SUITE_ONLY_PLUGINS)
    return pytester


@pytest.fixture
def kb_db() -> str:
    """This test's database, as --db and KB_DB take it: a file, or a PostgreSQL URL."""
    return os.environ["KB_DB"]


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "kb.db"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def empty_store() -> Iterator[EntryStore]:
    """A store with no entries (the seed is not loaded)."""
    from kb.store.entry_store import open_store

    with open_store(os.environ["KB_DB"]) as store:
        store.start_empty()  # as `kb init --empty` leaves it: no command will seed it
        yield store


@pytest.fixture
def python_with(tmp_path: Path) -> Callable[[dict[str, str]], str]:
    """Another Python environment, as a teammate's conda env is: a venv holding the given
    distributions (name → version), installed as dist-info folders only; returns its interpreter."""
    import subprocess

    def make(packages: dict[str, str]) -> str:
        home = tmp_path / f"env-{len(list(tmp_path.glob('env-*')))}"
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(home)], check=True)
        site = next(home.glob("lib/python*/site-packages"))
        for name, version in packages.items():
            info = site / f"{name.replace('-', '_')}-{version}.dist-info"
            info.mkdir()
            (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
        return str(home / "bin" / "python")

    return make


@pytest.fixture
def interactive(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend a person is at the terminal, so commands prompt; CliRunner input answers."""
    monkeypatch.setattr("kb.cli.console.interactive", lambda: True)


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run `async def` tests (the TUI's pilot tests) in a fresh event loop; no plugin needed."""
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    wanted = inspect.signature(pyfuncitem.obj).parameters
    arguments = {name: value for name, value in pyfuncitem.funcargs.items() if name in wanted}
    asyncio.run(pyfuncitem.obj(**arguments))
    return True


# --- backends ---------------------------------------------------------------------------------------

#: The server .ci/run starts (an SQLAlchemy URL to its maintenance database); unset, the PostgreSQL
#: half of the backend tests skips, and says so in the report.
POSTGRES_ENV = "KB_TEST_POSTGRES"


def pytest_report_header() -> str:
    server = os.environ.get(POSTGRES_ENV)
    if server:
        return f"PostgreSQL backend: {server}"
    return f"PostgreSQL backend: NOT AVAILABLE ({POSTGRES_ENV} unset): the PostgreSQL backend tests SKIP"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not os.environ.get(POSTGRES_ENV):
        terminalreporter.write_line(
            f"WARNING: no PostgreSQL server ({POSTGRES_ENV} unset): the PostgreSQL backend tests were"
            " skipped; .ci/run starts one",
            yellow=True,
            bold=True,
        )


#: Test folders whose every test runs twice, on SQLite and then on PostgreSQL: a team's database must
#: do all that a person's does, in the terminal. A test of SQLite itself is marked sqlite_only. The
#: TUI reads and writes through the same store and search as the commands (kb.tui.library), so its
#: tests run on SQLite, and those marked both_backends (each kind of write it makes) on both. The
#: unit lane (tests/unit) never leaves the process: SQLite only.
BOTH_BACKENDS = ("store", "search", "cli")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    path = Path(metafunc.definition.path)
    if (
        (path.parent.name in BOTH_BACKENDS or metafunc.definition.get_closest_marker("both_backends"))
        and "unit" not in path.relative_to(Path(__file__).parent).parts
        and not metafunc.definition.get_closest_marker("sqlite_only")
        and not {"backend", "postgres_url", "postgres_database_factory"} & set(metafunc.fixturenames)
    ):
        metafunc.parametrize("kb_backend", ["sqlite", "postgresql"], indirect=True)


@pytest.fixture
def kb_backend(request: pytest.FixtureRequest) -> str:
    """The backend this test's database is on: SQLite, unless BOTH_BACKENDS runs it on both."""
    return str(getattr(request, "param", "sqlite"))


def _admin_url() -> str:
    server = os.environ.get(POSTGRES_ENV)
    if not server:
        pytest.skip(f"no PostgreSQL server: set {POSTGRES_ENV} (.ci/run does)")
    return server.replace("postgresql+psycopg://", "postgresql://", 1)


def _copied_by_file(connection: Any) -> str:
    """How CREATE DATABASE should copy its template on the test server: file by file. Since
    PostgreSQL 15 it writes every page of the template through the WAL by default: 157 ms of the
    server's CPU for an empty database and 76 ms for a seeded one, against 20 and 35 ms copied as
    files (20 of each, one after another, on an idle server). Under the suite's load less is saved:
    the checkpoint a file copy starts also writes what other tests changed (the 210 PostgreSQL tests
    of tests/cli and tests/tui, -n 2: the server's CPU 88-92 s in four runs, 53-87 s with this)."""
    return " STRATEGY FILE_COPY" if connection.info.server_version >= 150000 else ""


@pytest.fixture(scope="session")
def postgres_seeded_template(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A database seeded once by the first-use path, for each test's database to be created from:
    one for the run, dropped when the last worker using it is done."""
    import uuid

    import psycopg

    admin = _admin_url()

    def seed(folder: Path) -> None:
        from kb.store.seeding import open_knowledge_base

        name = f"kb_template_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        open_knowledge_base(os.environ[POSTGRES_ENV].rsplit("/", 1)[0] + f"/{name}").close()
        (folder / "name").write_text(name)

    def drop(folder: Path) -> None:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{(folder / "name").read_text()}" WITH (FORCE)')

    with shared_by_workers(tmp_path_factory, "postgres-template", seed, drop) as folder:
        yield (folder / "name").read_text()


@pytest.fixture
def postgres_database_factory() -> Iterator[Callable[[str | None], str]]:
    """Make new databases on the test server (empty, or copies of a TEMPLATE); dropped afterwards."""
    import uuid

    import psycopg

    admin = _admin_url()
    made: list[str] = []

    def make(template: str | None = None) -> str:
        name = f"kb_test_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(
                f'CREATE DATABASE "{name}"'
                + (f' TEMPLATE "{template}"' if template else "")
                + _copied_by_file(connection)
            )
        made.append(name)
        return os.environ[POSTGRES_ENV].rsplit("/", 1)[0] + f"/{name}"

    yield make
    with psycopg.connect(admin, autocommit=True) as connection:
        for name in made:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def postgres_url(postgres_database_factory: Callable[[str | None], str]) -> str:
    """A new, empty PostgreSQL database on the test server, dropped afterwards."""
    return postgres_database_factory(None)


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each backend in turn, new and empty, as KB_DB: the test runs once on SQLite, once on PostgreSQL."""
    url = (
        str(tmp_path / "backend.db") if request.param == "sqlite" else request.getfixturevalue("postgres_url")
    )
    monkeypatch.setenv("KB_DB", url)
    return url
