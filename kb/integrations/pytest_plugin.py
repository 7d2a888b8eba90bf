"""A pytest plugin: each failing test's known fault, in its report, and a line at the end.

Installed with kb as the `pytest11` entry point `kb`, and off unless asked for: `pytest --kb` (or
`pytest -p kb` where plugins do not load on their own). Each failure's text is searched the way
`kb search` does (every layer, the same ranking), beside the run (kb.integrations.failure_lookup);
once the tests are over, each failure with a confident match gets a "known fault (kb)" section with
the entry's key, validation and fix, and the session ends with one line naming the known faults.
Searches leave no usage record: a failing suite is not a person asking.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:  # imported once --kb asks for it: every pytest run loads this plugin
    from collections.abc import Generator

    from kb.integrations.failure_lookup import Answer, LookupFailed

SECTION = "known fault (kb)"
#: The section an xdist worker's first failure carries when its lookups failed, and how it begins.
_TROUBLE = "kb"
_TROUBLE_SAID = "kb could not look the failures up: "


class _Session:
    """The failures of this run, their lookups, and the known faults found."""

    def __init__(self, config: pytest.Config) -> None:
        # Under xdist each report leaves for the controller as soon as it is made: no later section
        # would reach it, so there each failure is looked up at once, in the xdist worker itself.
        from kb.integrations.failure_lookup import Lookups

        self.at_once = hasattr(config, "workerinput")
        # The folder and environment the run started with, not a failing test's (monkeypatch, chdir).
        self.started = (str(config.invocation_params.dir), dict(os.environ))
        self.lookups = Lookups(*self.started)
        #: The terminal's encoding, where pytest prints each section (not captured while it configures).
        self.encoding = getattr(sys.stdout, "encoding", None)
        self.failed: list[tuple[pytest.TestReport, str]] = []
        self.known: list[tuple[str, str]] = []
        #: Why the lookups failed, said once: a knowledge base kb cannot open fails every lookup alike.
        self.lookup_error: str | None = None
        self.settled = False

    def failure(self, report: pytest.TestReport, nodeid: str) -> None:
        from kb.hosts.kb_hosts import failure_text  # the failure as Python prints it, as kb-hosts reads it

        if self.at_once:
            from kb.integrations.failure_lookup import answer_here, as_started

            with as_started(*self.started):
                answer = answer_here(failure_text(report))
            self._show(report, nodeid, answer)
        else:
            self.failed.append((report, nodeid))
            self.lookups.ask(failure_text(report))

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """A subtest's failure is logged as a copy of the report made for it (pytest 9's
        SubtestReport): the copy is what pytest prints, so it is the one that gets the section."""
        if self.at_once or not report.failed or not self.failed:
            return
        for place in range(len(self.failed) - 1, -1, -1):
            made, nodeid = self.failed[place]
            if made is report:
                return
            if _the_same_failure(made, report):
                self.failed[place] = (report, nodeid)
                return

    def settle(self) -> None:
        """Add each failure's section, once: the answers are in when the tests are over."""
        if self.settled:
            return
        self.settled = True
        for (report, nodeid), answer in zip(self.failed, self.lookups.answers(), strict=True):
            self._show(report, nodeid, answer)

    def gather_workers_trouble(self, reports: list[pytest.TestReport]) -> None:
        """Under xdist each worker's first failure carries why its lookups failed (the worker has no
        summary of its own): as the controller, take that out of the REPORTS, so that the run ends
        with one line saying it, as without xdist, not one section per worker."""
        for report in reports:
            said = [text for title, text in report.sections if title == _TROUBLE]
            if said:
                self.lookup_error = self.lookup_error or said[0].removeprefix(_TROUBLE_SAID)
                report.sections[:] = [(title, text) for title, text in report.sections if title != _TROUBLE]

    def _show(self, report: pytest.TestReport, nodeid: str, answer: Answer | LookupFailed) -> None:
        if isinstance(answer, Exception):
            # No "known fault" heading for what is not one. Under xdist a worker has no summary of
            # its own to end with: its first failure carries the line, and the controller takes it
            # out to end the run with it (gather_workers_trouble).
            if self.lookup_error is None and self.at_once:
                report.sections.append((_TROUBLE, f"{_TROUBLE_SAID}{answer}"))
            self.lookup_error = self.lookup_error or str(answer)
        elif answer is not None:
            from kb.hosts.kb_hosts import encodable

            key, text = answer
            report.sections.append((SECTION, encodable(text, self.encoding)))
            self.known.append((key, nodeid))


def _the_same_failure(one: pytest.TestReport, other: pytest.TestReport) -> bool:
    return (one.nodeid, one.when, one.longreprtext) == (other.nodeid, other.when, other.longreprtext)


_SESSION = pytest.StashKey[_Session]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("kb", "kb, the fault knowledge base")
    group.addoption(
        "--kb",
        action="store_true",
        default=False,
        help="Name each failure's known fault from kb's knowledge base.",
    )


def _enabled(config: pytest.Config) -> bool:
    """--kb, or the plugin asked for by name (`-p kb`), on the command line or in PYTEST_ADDOPTS."""
    import shlex

    try:
        added = shlex.split(os.environ.get("PYTEST_ADDOPTS", ""))
    except ValueError:  # pytest itself says what is wrong with it
        added = []
    args = [*added, *config.invocation_params.args]
    explicit = any(a == "-pkb" or (a == "-p" and args[i + 1 : i + 2] == ["kb"]) for i, a in enumerate(args))
    return bool(config.getoption("kb")) or explicit


def pytest_configure(config: pytest.Config) -> None:
    if _enabled(config):
        session = config.stash[_SESSION] = _Session(config)
        config.pluginmanager.register(session, "kb-session")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Generator[None, Any, None]:
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    session = item.config.stash.get(_SESSION, None)
    if session is None or not report.failed:
        return
    session.failure(report, item.nodeid)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Runs before the terminal reporter prints the failures (its own sessionfinish wraps this)."""
    found = session.config.stash.get(_SESSION, None)
    if found is not None:
        found.settle()
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None and not found.at_once:
            found.gather_workers_trouble(
                [*reporter.stats.get("failed", []), *reporter.stats.get("error", [])]
            )


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    session = config.stash.get(_SESSION, None)
    if session is None:
        return
    session.settle()
    if session.lookup_error is not None and not session.at_once:
        from kb.entry.visible import visible

        terminalreporter.write_line(f"kb: could not look the failures up: {visible(session.lookup_error)}")
    # Under xdist the workers looked the failures up, and each report came back with its section.
    known = session.known or [
        (text.split(":", 1)[0], report.nodeid)
        for kind in ("failed", "error")
        for report in terminalreporter.stats.get(kind, [])
        for title, text in getattr(report, "sections", ())
        if title == SECTION
    ]
    if not known:
        return
    from kb.hosts.kb_hosts import known_faults_line  # the line kb-hosts ends a session with too

    failed = len(terminalreporter.stats.get("failed", [])) + len(terminalreporter.stats.get("error", []))
    terminalreporter.write_line(known_faults_line(known, failed))
