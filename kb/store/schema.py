"""Schema facts the fast read path needs without importing SQLAlchemy, and server_engine(), which
both the store and the fast read path open a non-SQLite database with (importing SQLAlchemy then).

kb.store.database holds the migrations themselves; a test checks that their names are exactly these, in order.
"""

from datetime import timedelta
from typing import TYPE_CHECKING

from kb.errors import StoreUnavailable
from kb.records import Record

#: Confident answers for one entry this close together are one hit, and an occurrence recorded this
#: soon after one is the same meeting (kb.store.index_reader, kb.store.entry_store).
HIT_WINDOW = timedelta(minutes=30)

if TYPE_CHECKING:
    from sqlalchemy import Engine

MIGRATION_NAMES: tuple[str, ...] = (
    "m001_create_entry",
    "m002_add_search_index",
    "m003_index_terms_by_entry",
    "m004_postings_in_impact_order",
    "m005_first_use_recorded",
    "m006_sync_bases",
    "m007_entry_applies_to",
    "m008_environments_seen",
    "m009_check_verdicts",
    "m010_entry_history",
    "m011_entries_in_listing_order",
    "m012_symptom_forms_by_digest",
    "m013_entries_due_for_review",
    "m014_postings_keyed_by_impact",
)


class SchemaState(Record):
    """What opening a database did to its schema: created it, or applied these migrations."""

    version: int
    created: bool
    applied: tuple[str, ...]


SQLITE_BUSY_TIMEOUT_MS = 30_000
#: How long kb waits for a database server to answer a connection: a team's server out of reach
#: (no network, a dropped packet) must not hang a search that other layers can answer.
SERVER_CONNECT_TIMEOUT_S = 5

#: kb_meta names of the search index's statistics (kb.store.index_writer): how many entries it holds,
#: their total length in thousandths (a whole number, so that adding and removing stays exact), and
#: the average length the stored impacts were computed with.
INDEXED_ENTRIES = "indexed_entries"
INDEXED_LENGTH = "indexed_length_milli"
IMPACT_LENGTH = "impact_length"

#: kb_meta name that says the first use of this database is over: "seeded" (the seed entries were
#: loaded, in the same transaction) or "empty" (kb init --empty, KB_SEED=0). Until it is there, the
#: next command seeds, so a first command killed halfway is simply done again.
FIRST_USE = "first_use"


#: What an outcome recorded before checks had verdicts means now: exit 0 and exit 1 said nothing
#: about the fault (most checks print facts, and their exit status has no one meaning), so both
#: become "inconclusive", never "the check broke"; a check that could not start or run here stays so.
OLD_OUTCOMES = {
    "passed": "inconclusive",
    "failed": "inconclusive",
    "timeout": "inconclusive",
    "error": "could not run here",
    "unrunnable": "could not run here",
}


#: A server's index of the postings best first, with every column a search reads of them
#: (kb.store.models.search_term).
POSTING_ORDER = ("term", "impact", "entry_id", "status", "weight", "length")

#: The entry columns the review reminder reads, indexed together (m013_entries_due_for_review).
DUE_FOR_REVIEW_COLUMNS = (
    "status",
    "seed_digest",
    "reviewed",
    "created",
    "hits",
    "last_check_at",
    "occurrences",
)


def form_digest(form: str) -> str:
    """The key a masked symptom form is found by in search_form: a traceback's form can be longer
    than a server's index takes, and 128 bits of SHA-256 never make two forms one."""
    import hashlib

    return hashlib.sha256(form.encode("utf-8")).hexdigest()[:32]


def length_units(length: float) -> int:
    """An entry's length as counted in kb_meta: field weights are tenths, so thousandths are exact."""
    return round(length * 1000)


def server_message(exc: BaseException, url: str = "") -> str:
    """The first line of what the database said: the driver's error inside SQLAlchemy's wrapper, or
    EXC itself (a server's message goes on with LINE, DETAIL and HINT lines); with any password in
    it hidden, URL's above all (a driver may quote the URL it could not read, password and all)."""
    from kb.paths import without_passwords

    said = getattr(exc, "orig", None) or exc
    return without_passwords((str(said).strip().splitlines() or [type(said).__name__])[0], url)


def refused_as_read_only(exc: BaseException) -> bool:
    """True when a server refused a write because the role may only read (kb then skips the usage
    record, as on a read-only file)."""
    message = str(getattr(exc, "orig", None) or exc).lower()
    return "permission denied" in message or "read-only transaction" in message


#: The PostgreSQL drivers that take libpq's `options`, which with_kb_session() adds settings to.
LIBPQ_SCHEMES = ("postgresql", "postgresql+psycopg", "postgresql+psycopg2")


def with_kb_session(url: str, lock_wait_ms: int = SQLITE_BUSY_TIMEOUT_MS) -> str:
    """URL (a PostgreSQL URL, or libpq's URI) whose sessions start as kb reads them: times written
    in ISO form and in UTC, and a lock waited for LOCK_WAIT_MS at most.

    A server, a database or a role may choose another DateStyle (`ALTER DATABASE ml SET datestyle =
    'German, DMY'`, or postgresql.conf); a time then comes back as `05.12.2026 04:28:17 UTC`, which
    neither psycopg nor kb's own libpq reader parses, and every command that read one ended in a
    traceback. Another TimeZone moved a time near the year 10000 past it (a traceback too). And a
    table lock (a DBA's ALTER TABLE or VACUUM FULL, an owner's migration) kept every read waiting
    for as long as it was held, a search and a team layer's answer with them: on SQLite a reader
    never waits, and a writer waits the busy timeout. Sent with the connection (libpq's `options`,
    after any the URL has), they cost no round trip, and override the server's, the database's and
    the role's choice alike; a write still honours a lock_timeout they chose
    (kb.store.connection.BOUNDED_LOCK_WAITS)."""
    base, _, query = url.partition("?")
    params = query.split("&") if query else []
    settings = f"-cDateStyle%3DISO%20-cTimeZone%3DUTC%20-clock_timeout%3D{lock_wait_ms}"
    chosen = [n for n, param in enumerate(params) if param.startswith("options=")]
    if chosen:  # libpq takes the last one
        params[chosen[-1]] += f"%20{settings}"
    else:
        params.append(f"options={settings}")
    return f"{base}?{'&'.join(params)}"


#: The Python package each database's default driver comes in.
DRIVER_PACKAGES = {"psycopg2": "psycopg2-binary", "psycopg": "psycopg[binary]", "MySQLdb": "mysqlclient"}


def server_engine(url: str, where: str) -> "Engine":
    """An SQLAlchemy engine for a database other than an SQLite file, connected once to prove it,
    with every way that can fail as one StoreUnavailable line: an unknown scheme, a missing driver,
    no server, a wrong password."""
    from sqlalchemy import create_engine
    from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError

    scheme = url.partition("://")[0]
    if scheme in LIBPQ_SCHEMES:
        url = with_kb_session(url)
    try:
        postgres = url.startswith("postgresql") and "connect_timeout" not in url
        engine = create_engine(
            url, connect_args={"connect_timeout": SERVER_CONNECT_TIMEOUT_S} if postgres else {}
        )
    except NoSuchModuleError:
        raise StoreUnavailable(
            f"'{scheme}://' databases are not ones kb can use: no SQLAlchemy dialect has that name"
        ) from None
    except ArgumentError as exc:
        raise StoreUnavailable(
            f"{where} is not a database URL kb can use: {server_message(exc, url)}"
        ) from None
    except ImportError as exc:
        package = DRIVER_PACKAGES.get(exc.name or "", exc.name or "its driver")
        raise StoreUnavailable(
            f"{where} needs the Python package {package}: pip install '{package}'"
        ) from None
    try:
        engine.connect().close()
    except DBAPIError as exc:
        engine.dispose()
        raise StoreUnavailable(f"cannot connect to {where}: {server_message(exc, url)}") from None
    return engine
