"""Entries scoped to an environment: applies_to constraints, read as pip reads requirements, judged
against this machine where kb knows it (`kb search --env`, the pytest plugin, IPython)."""

from __future__ import annotations

import json
import platform

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from kb.cli.app import app
from kb.entry.constraints import check_constraints, holds, parse_constraint, unmet
from kb.entry.content import EntryContent, normalized
from kb.entry.file import parse_entry_file, render_entry_file
from kb.errors import InvalidEntry
from kb.search.host import host_facts
from kb.store.entry_store import open_store

FAULT = "OSError: the zorblax kernel refused the quux tensor"


def test_constraints_read_as_requirements_and_machine_ranges() -> None:
    assert parse_constraint("Torch >= 2.1, <2.2").text == "torch<2.2,>=2.1"
    assert parse_constraint("compute_capability<8.0").name == "compute_capability"
    assert parse_constraint("os == Linux").text == "os==linux"
    assert check_constraints("k", ["cuda<12.1", "cuda<12.1", " "]) == ("cuda<12.1",)
    with pytest.raises(InvalidEntry, match="entry 'k': applies_to 'torch is old'"):
        check_constraints("k", ["torch is old"])
    with pytest.raises(InvalidEntry, match="no markers"):
        parse_constraint("torch<2; python_version<'3.9'")


def test_a_constraint_holds_fails_or_is_unknown() -> None:
    facts = {"torch": "2.3.0", "cuda": "12.1", "os": "linux", "driver": None}
    assert holds(parse_constraint("torch>=2.1,<2.2"), facts) is False
    assert holds(parse_constraint("cuda>=12"), facts) is True
    assert holds(parse_constraint("driver<535"), facts) is None  # no NVIDIA driver here: not judged
    assert holds(parse_constraint("transformers<4.40"), facts) is None
    assert unmet(["torch>=2.1,<2.2", "os==darwin", "driver<535"], facts) == [
        "torch<2.2,>=2.1 (here 2.3.0)",
        "os==darwin (here linux)",
    ]


def test_the_host_is_read_without_importing_what_it_asks_about() -> None:
    import sys

    facts = host_facts(["python", "os", "packaging", "no-such-package-kb"])
    assert facts == {
        "python": platform.python_version(),
        "os": sys.platform,
        "packaging": facts["packaging"],
        "no-such-package-kb": None,
    }
    assert facts["packaging"] and "torch" not in sys.modules


@given(
    st.lists(
        st.sampled_from(["torch>=2.1,<2.2", "cuda<12.1", "os==linux", "python>=3.10", "numpy"]), max_size=4
    )
)
def test_applies_to_survives_the_entry_file(constraints: list[str]) -> None:
    content = normalized(EntryContent(key="k", domain="data", symptom=FAULT, applies_to=tuple(constraints)))
    assert parse_entry_file(render_entry_file(content)) == content


def test_search_env_ranks_an_entry_for_another_environment_below_and_says_why(runner: CliRunner) -> None:
    python = platform.python_version()
    for key, applies in (("for-old-python", "python<3.0"), ("for-this-python", f"python=={python}")):
        added = runner.invoke(
            app, ["add", "--key", key, "-s", FAULT, "-d", "data", "-v", "true", "-f", f"fix {key}", "--new"]
        )
        assert added.exit_code == 0, added.output
        with open_store() as store:
            entry = store.get(key)
            store.update(key, entry.content().replace(applies_to=(applies,)))
    plain = json.loads(runner.invoke(app, ["search", FAULT, "--json"]).stdout)
    judged = json.loads(runner.invoke(app, ["search", FAULT, "--json", "--env", "--explain"]).stdout)
    assert {r["key"] for r in plain["results"][:2]} == {"for-old-python", "for-this-python"}
    keys = [r["key"] for r in judged["results"]]
    assert keys.index("for-this-python") < keys.index("for-old-python")
    old = next(r for r in judged["results"] if r["key"] == "for-old-python")
    assert old["unmet"] == [f"python<3.0 (here {python})"] and not old["confident"]
    assert "does not apply here: python<3.0" in old["why"]
    shown = runner.invoke(app, ["show", "for-old-python"]).stdout
    assert "Applies to   python<3.0" in shown
