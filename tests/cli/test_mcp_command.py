"""`kb mcp` on the command line: what it says when the optional SDK is missing."""

from __future__ import annotations

import importlib.util

import pytest

from tests.command_line import kb

pytestmark = pytest.mark.sqlite_only("no database is opened: the command stops before, or at --help")


def test_without_the_mcp_extra_kb_mcp_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *rest: None if name == "mcp" else find_spec(name, *rest)
    )
    code, out, err = kb("mcp")
    assert code == 1 and out == ""
    assert (
        err == "kb: kb mcp needs the MCP SDK: install kb with its extra (from kb's checkout: "
        "pipx install '.[mcp]')\n"
    )


def test_kb_mcp_help_says_what_it_serves() -> None:
    code, out, _ = kb("mcp", "--help")
    assert code == 0
    assert "Model Context Protocol server" in out and "never runs a command" in " ".join(out.split())
