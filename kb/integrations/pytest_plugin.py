"""A pytest plugin: each failing test's known fault, in its report, and a line at the end.

Installed with kb as the `pytest11` entry point `kb`, and off unless asked for: `pytest --kb` (or
`pytest -p kb` where plugins do not load on their own). For each failure it searches the failure's
text the way `kb search` does (every source, the same ranking) and, for a confident match, adds a
"known fault (kb)" section with the entry's key, validation and fix; the session ends with one line
naming the known faults. Searches leave no usage record: a failing suite is not a person asking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from collections.abc import Generator

SECTION = "known fault (kb)"
_KNOWN = pytest.StashKey[list[tuple[str, str]]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("kb", "kb, the fault knowledge base")
    group.addoption(
        "--kb",
        action="store_true",
        default=False,
        help="Name each failure's known fault from kb's knowledge base.",
    )


def _enabled(config: pytest.Config) -> bool:
    args = list(config.invocation_params.args)
    explicit = any(a == "-pkb" or (a == "-p" and args[i + 1 : i + 2] == ["kb"]) for i, a in enumerate(args))
    return bool(config.getoption("kb")) or explicit


def pytest_configure(config: pytest.Config) -> None:
    if _enabled(config):
        config.stash[_KNOWN] = []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Generator[None, Any, None]:
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    known = item.config.stash.get(_KNOWN, None)
    if known is None or not report.failed:
        return
    try:
        answer = known_fault(report.longreprtext)
    except Exception as exc:  # the failure itself is what matters: never hide it behind kb's own
        report.sections.append((SECTION, f"kb could not look this failure up: {exc}"))
        return
    if answer is not None:
        key, text = answer
        report.sections.append((SECTION, text))
        known.append((key, item.nodeid))


#: The answers of this session, by the failure's text: a failure repeated word for word is looked up
#: once. (Not by its text with the numbers masked: two such texts can rank differently.)
_ANSWERED: dict[str, Any] = {}


def known_fault(text: str) -> tuple[str, str] | None:
    """The confident entry for a failure's TEXT, as (key, what the report shows), or None."""
    from kb.entry.visible import command_line, visible
    from kb.search.lookup import SearchOptions
    from kb.sources.everywhere import search_sources

    response = _ANSWERED.get(text)
    if response is None:
        options = SearchOptions(limit=1, record_usage=False, environment=True, keep_open=True)
        response = _ANSWERED[text] = search_sources(text, None, options).response
    if not response.confident:
        return None
    record = response.results[0].candidate.record
    lines = [f"{visible(str(record['key']))}: {visible(' '.join(str(record['symptom']).split())[:200])}"]
    if record.get("untrusted"):
        lines.append(f"  (its folder is not trusted yet: kb trust {visible(str(record['untrusted']))})")
    elif record.get("validation"):  # with the port, file or module this failure names
        command, _ = response.check_of(record, response.paste_values())
        lines.append(f"  prove it: $ {command_line(command)}")
    if record.get("fix"):
        lines.append(f"  fix: {visible(' '.join(str(record['fix']).split())[:400])}")
    if record.get("layer"):
        lines.append(f"  (from the {visible(str(record['layer']))} source)")
    return str(record["key"]), "\n".join(lines)


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    known = config.stash.get(_KNOWN, None)
    if not known:
        return
    failed = len(terminalreporter.stats.get("failed", [])) + len(terminalreporter.stats.get("error", []))
    names = ", ".join(f"{key} ({nodeid})" for key, nodeid in known[:5])
    more = f" and {len(known) - 5} more" if len(known) > 5 else ""
    terminalreporter.write_line(f"kb: {len(known)} of {failed} failures are known faults: {names}{more}")
