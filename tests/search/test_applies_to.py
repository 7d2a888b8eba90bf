"""Entries scoped to an environment: applies_to constraints, read as pip reads requirements, judged
against this machine where kb knows it (`kb search --env`, the pytest plugin, IPython)."""

from __future__ import annotations

import json
import platform
import shutil
import sys
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from kb.cli.app import app
from kb.entry.constraints import check_constraints, holds, parse_constraint, unmet
from kb.entry.content import EntryContent, normalized
from kb.entry.file import parse_entry_file, render_entry_file
from kb.errors import InvalidEntry
from kb.machine import active_python, facts_in, installed_versions, python_of, snapshot, snapshot_of
from kb.store.entry_store import open_store
from tests.command_line import kb

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

    facts = facts_in(snapshot(), ["python", "os", "packaging", "no-such-package-kb"])
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
    plain = json.loads(kb("search", FAULT, "--json").stdout)
    judged = json.loads(kb("search", FAULT, "--json", "--env", "--explain").stdout)
    assert {r["key"] for r in plain["results"][:2]} == {"for-old-python", "for-this-python"}
    keys = [r["key"] for r in judged["results"]]
    assert keys.index("for-this-python") < keys.index("for-old-python")
    old = next(r for r in judged["results"] if r["key"] == "for-old-python")
    assert old["unmet"] == [f"python<3.0 (here {python})"] and not old["confident"]
    assert "does not apply here: python<3.0" in old["why"]
    shown = kb("show", "for-old-python").stdout
    assert "Applies to   python<3.0" in shown


def test_the_environment_is_read_from_the_names_of_installed_distributions(tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    for folder in ("flash_attn-2.5.8.dist-info", "Torch-2.1.2+cu121.dist-info", "old_th-0.3-py3.11.egg-info"):
        (first / folder).mkdir(parents=True)
    (second / "torch-2.4.0.dist-info").mkdir(parents=True)
    (second / "dev_pkg.egg-info").mkdir()
    (second / "dev_pkg.egg-info" / "PKG-INFO").write_text("Metadata-Version: 1.0\nVersion: 0.9\n")
    found = installed_versions([str(first), str(second), str(tmp_path / "missing")])
    assert found == {"flash-attn": "2.5.8", "torch": "2.1.2+cu121", "old-th": "0.3", "dev-pkg": "0.9"}


def test_the_snapshot_agrees_with_importlib_metadata() -> None:
    from importlib import metadata

    seen = snapshot()
    assert seen["python"] == platform.python_version()
    for name in ("packaging", "rapidfuzz", "typer", "markdown-it-py"):
        assert seen[name] == metadata.version(name)


def test_another_pythons_environment_is_read_by_running_it(
    python_with: Callable[[dict[str, str]], str],
) -> None:
    teammate = python_with({"torch": "2.1.0", "flash-attn": "2.5.8"})
    theirs = snapshot_of(teammate)
    assert theirs is not None
    assert (theirs["torch"], theirs["flash-attn"]) == ("2.1.0", "2.5.8")
    assert "rapidfuzz" not in theirs and "torch" not in snapshot()
    assert snapshot_of("/bin/false") is None
    assert python_of([teammate, "train.py"]) == teammate


def test_reading_another_pythons_environment_runs_nothing_of_the_working_folder(
    python_with: Callable[[dict[str, str]], str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`python -c` puts its working folder first on sys.path: a cloned repository's platform.py or
    json.py ran as kb read the environment, at a search, a kb run and as kb mcp started."""
    teammate = python_with({"torch": "2.1.0"})
    ran = tmp_path / "ran"
    clone = tmp_path / "clone"
    clone.mkdir()
    for module in ("platform", "json", "re", "shutil", "subprocess", "threading"):
        (clone / f"{module}.py").write_text(f"open({str(ran)!r}, 'a').write({module!r})\n")
    monkeypatch.chdir(clone)
    theirs = snapshot_of(teammate)
    assert not ran.exists()
    assert theirs is not None and theirs["torch"] == "2.1.0"


def test_another_pythons_environment_is_read_again_after_a_pip_install(
    python_with: Callable[[dict[str, str]], str],
) -> None:
    """`kb mcp` lives through the agent's `pip install torch==2.4.0`: the next search must see it."""
    teammate = python_with({"torch": "2.1.0"})
    assert snapshot_of(teammate)["torch"] == "2.1.0"  # type: ignore[index]
    site = next(Path(teammate).parent.parent.glob("lib/python*/site-packages"))
    (site / "torch-2.1.0.dist-info").rename(site / "torch-2.4.0.dist-info")
    assert snapshot_of(teammate)["torch"] == "2.4.0"  # type: ignore[index]


def test_the_python_a_command_runs_in(tmp_path: Path, python_with: Callable[[dict[str, str]], str]) -> None:
    teammate = python_with({})
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, first_line in (("torchrun", f"#!{teammate}"), ("accelerate", "#!/usr/bin/env python3.11")):
        script = bin_dir / name
        script.write_text(f"{first_line}\nprint('hi')\n")
        script.chmod(0o755)
    (bin_dir / "python3.11").symlink_to(teammate)
    (bin_dir / "train.sh").write_text("#!/bin/sh\npython3.11 train.py\n")
    # What pip writes when the Python's path is too long for a #! line (a deep conda env):
    (bin_dir / "deepspeed").write_text(f"#!/bin/sh\n'''exec' \"{teammate}\" \"$0\" \"$@\"\n' '''\nprint(1)\n")
    (bin_dir / "deepspeed").chmod(0o755)
    path = str(bin_dir)
    assert python_of(["deepspeed", "train.py"], path) == teammate
    deep_launcher = bin_dir / "deepspeed-deep"  # a deep conda env: the path unquoted, as pip 23 writes it
    deep_launcher.write_text(f"#!/bin/sh\n'''exec' {teammate} \"$0\" \"$@\"\n' '''\nprint(1)\n")
    deep_launcher.chmod(0o755)
    assert python_of([str(deep_launcher)], path) == teammate
    assert python_of(["torchrun", "--nproc_per_node=8", "train.py"], path) == teammate
    assert python_of(["accelerate", "launch"], path) == str(bin_dir / "python3.11")
    assert python_of([str(bin_dir / "train.sh")], path) is None  # no python3 or python on this PATH
    assert python_of([], path) is None


def test_a_script_named_python_is_not_run_again_to_read_its_packages(tmp_path: Path) -> None:
    """`kb run -- ./wrappers/python3 train.py` ran the wrapper a second time, kb's probe after the
    person's run: a script is run only as the person ran it; the PATH's Python stands in."""
    wrapper = tmp_path / "wrappers" / "python3"
    wrapper.parent.mkdir()
    wrapper.write_text('#!/bin/sh\necho "$*" >> calls\nexec python3 "$@"\n')
    wrapper.chmod(0o755)
    script = tmp_path / "train.py"
    script.write_text(f"#!{wrapper}\nprint(1)\n")
    script.chmod(0o755)
    on_path = str(Path(sys.executable).parent)
    for command in ([str(wrapper), "train.py"], [str(script)]):
        assert python_of(command, on_path) == shutil.which("python3", path=on_path)


def test_each_environment_judged_is_recorded_once(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_TOKEN", "hf_" + "q7W8e9R0t1" * 3)
    for _ in range(2):
        kb("search", FAULT, "--env")
    kb("search", FAULT)  # a search that judges nothing records nothing
    with open_store() as store:
        seen = store.environments_seen(store.now() - timedelta(days=1))
    assert len(seen) == 1 and seen[0]["python"] == platform.python_version()
    assert seen[0]["packaging"] == snapshot()["packaging"]
    assert "q7W8e9R0t1" not in json.dumps(seen)  # versions and platform names, never the variables


def test_search_env_judges_the_python_on_the_path_not_kbs_own(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, python_with: Callable[[dict[str, str]], str]
) -> None:
    """kb in a venv of its own (pipx, the README's .venv) beside the conda env the code runs in."""
    added = kb("add", "-k", "old-torch", "-s", FAULT, "-d", "data", "-v", "true", "--new")
    assert added.exit_code == 0, added.output
    with open_store() as store:
        store.update("old-torch", store.get("old-torch").content().replace(applies_to=("torch<2.2",)))
    conda_env = python_with({"torch": "2.3.0"})
    monkeypatch.setenv("PATH", str(Path(conda_env).parent))
    assert active_python() == conda_env
    judged = json.loads(kb("search", FAULT, "--json", "--env").stdout)
    assert judged["results"][0]["unmet"] == ["torch<2.2 (here 2.3.0)"]


def test_edit_sets_and_clears_the_scope_without_the_editor(runner: CliRunner) -> None:
    added = kb("add", "-k", "scoped", "-s", FAULT, "-d", "data", "-v", "true", "--new")
    assert added.exit_code == 0, added.output
    edited = runner.invoke(
        app, ["edit", "scoped", "--applies-to", "torch>=2.1,<2.2", "--applies-to", "os==linux"]
    )
    assert edited.exit_code == 0 and "saved scoped" in edited.stdout, edited.output  # EDITOR=false never ran
    with open_store() as store:
        assert store.get("scoped").applies_to == ["torch<2.2,>=2.1", "os==linux"]
    refused = kb("edit", "scoped", "--applies-to", "torch is old")
    assert refused.exit_code == 1 and "applies_to 'torch is old' is not a constraint" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
    cleared = kb("edit", "scoped", "--applies-to", "")
    assert cleared.exit_code == 0, cleared.output
    with open_store() as store:
        assert store.get("scoped").applies_to == []


def test_two_threads_asking_for_one_pythons_environment_at_once_run_it_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`kb mcp` reads the environment at start, and its first search may ask before that is done."""
    import threading
    import time

    import kb.machine

    probes: list[str] = []

    def slow_probe(interpreter: str) -> tuple[tuple[str, ...], dict[str, str] | None]:
        probes.append(interpreter)
        time.sleep(0.2)
        return (), {"torch": "2.4.0"}

    monkeypatch.setattr(kb.machine, "_probe", slow_probe)
    monkeypatch.setattr(kb.machine, "_SNAPSHOTS_OF", {})
    answers: list[object] = []
    threads = [
        threading.Thread(target=lambda: answers.append(snapshot_of("/opt/elsewhere/bin/python3")))
        for _ in range(2)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert probes == ["/opt/elsewhere/bin/python3"] and answers == [{"torch": "2.4.0"}] * 2
