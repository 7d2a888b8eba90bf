"""`pytest --kb` from a project's own venv, which holds only pytest and kb-hosts, next to a kb on PATH."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kb.exchange.hosts_wheel import hosts_wheel_files
from tests.command_line import kb

SUITE = """
def test_labels():
    raise IndexError("Target 5 is out of bounds.")

def test_unknown():
    raise ValueError("the quux frobnicator rejected the zorblax")
"""


@pytest.fixture(scope="module")
def project_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv with pytest (and pytest-xdist) and the kb-hosts wheel `kb export hosts` writes, installed
    by pip, and no kb."""
    folder = tmp_path_factory.mktemp("project")
    wheels = folder / "wheels"
    code, out, _ = kb("export", "hosts", "--out", str(wheels))
    assert code == 0 and out.startswith("wrote ")
    (wheel,) = wheels.glob("kb_hosts-*-py3-none-any.whl")
    venv = folder / ".venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "-q",
            "pytest",
            "pytest-xdist",
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    for module in ("kb", "sqlmodel", "textual"):  # nothing of kb's own is in the project's venv
        assert (
            subprocess.run([python, "-c", f"import {module}"], cwd=folder, capture_output=True).returncode
            == 1
        )
    return python


#: How long a project's test run may take here. It takes about a second on a quiet box; the nested
#: xdist run, starting its own workers while CI's own run the rest of the suite on the same two
#: cores, once took over 120 s.
INNER_RUN_S = 300


def pytest_in(
    python: Path, cwd: Path, path: str, *options: str, autoload: bool = True
) -> subprocess.CompletedProcess[str]:
    (cwd / "test_training.py").write_text(SUITE, encoding="utf-8")
    env = {**os.environ, "PATH": path}
    if not autoload:
        env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    return subprocess.run(
        [python, "-m", "pytest", "--kb", "-p", "no:cacheprovider", "-q", *options],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=INNER_RUN_S,
    )


@pytest.mark.parametrize(
    ("options", "autoload"),
    [((), True), (("-n", "2"), True), (("-p", "kb_hosts"), False)],
    ids=["one process", "under xdist", "plugins named, as the README says where none load by themselves"],
)
def test_pytest_kb_in_a_project_venv_names_the_known_fault_through_the_kb_on_path(
    project_venv: Path, tmp_path: Path, options: tuple[str, ...], autoload: bool
) -> None:
    on_path = tmp_path / "bin"  # where pipx links kb: its own venv's script
    on_path.mkdir()
    (on_path / "kb").symlink_to(Path(sys.executable).parent / "kb")
    path = f"{on_path}{os.pathsep}/usr/bin{os.pathsep}/bin"
    run = pytest_in(project_venv, tmp_path, path, *options, autoload=autoload)
    assert run.returncode == 1, run.stderr
    assert "known fault (kb)" in run.stdout
    assert "cross-entropy-label-out-of-range: IndexError: Target -1 is out of bounds." in run.stdout
    assert "  prove it: $ python -c" in run.stdout
    assert run.stdout.count("known fault (kb)") == 1  # the unknown failure gets no section
    assert (
        "kb: 1 of 2 failures are known faults: cross-entropy-label-out-of-range "
        "(test_training.py::test_labels)" in run.stdout
    )


def test_a_projects_own_kb_package_is_not_what_kbs_python_imports(project_venv: Path, tmp_path: Path) -> None:
    marker = tmp_path / "project-kb-ran"
    (tmp_path / "kb").mkdir()
    (tmp_path / "kb" / "__init__.py").write_text(f"open({str(marker)!r}, 'w').write('x')\n")
    on_path = tmp_path / "bin"
    on_path.mkdir()
    (on_path / "kb").symlink_to(Path(sys.executable).parent / "kb")
    (tmp_path / "test_training.py").write_text(SUITE, encoding="utf-8")
    run = subprocess.run(  # as the `pytest` command starts: the project's folder is not on sys.path
        [project_venv, "-P", "-m", "pytest", "--kb", "-p", "no:cacheprovider", "-q"],
        cwd=tmp_path,
        env={**os.environ, "PATH": f"{on_path}{os.pathsep}/usr/bin{os.pathsep}/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "cross-entropy-label-out-of-range: IndexError: Target -1 is out of bounds." in run.stdout
    assert not marker.exists()


def test_without_a_kb_on_path_the_run_says_so_once(project_venv: Path, tmp_path: Path) -> None:
    run = pytest_in(project_venv, tmp_path, f"/usr/bin{os.pathsep}/bin")
    assert run.returncode == 1
    assert "known fault (kb)" not in run.stdout
    assert run.stdout.count("kb: could not look the failures up: no kb on PATH") == 1


def test_the_wheel_holds_one_module_and_the_same_bytes_each_time() -> None:
    members = hosts_wheel_files("1.2.3")
    assert sorted(members) == [
        "kb_hosts-1.2.3.dist-info/METADATA",
        "kb_hosts-1.2.3.dist-info/RECORD",
        "kb_hosts-1.2.3.dist-info/WHEEL",
        "kb_hosts-1.2.3.dist-info/entry_points.txt",
        "kb_hosts.py",
    ]
    assert members["kb_hosts-1.2.3.dist-info/entry_points.txt"] == b"[pytest11]\nkb_hosts = kb_hosts\n"
    assert hosts_wheel_files("1.2.3") == members


def test_load_ext_kb_hosts_shows_the_traceback_then_the_known_fault_from_kb(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from IPython.core.interactiveshell import InteractiveShell

    from kb.hosts import kb_hosts

    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    monkeypatch.setenv("KB_PYTHON", sys.executable)  # kb's Python, as the kb on PATH would name it
    shell: Any = InteractiveShell.instance()
    try:
        shell.run_line_magic("colors", "nocolor")
        kb_hosts.load_ipython_extension(shell)
        shell.run_cell("raise IndexError('Target 5 is out of bounds.')")
        out = capsys.readouterr().out
        assert out.index("IndexError: Target 5 is out of bounds.") < out.index("kb: known fault")
        assert "cross-entropy-label-out-of-range: IndexError: Target -1 is out of bounds." in out
        shell.run_cell("raise ValueError('the quux frobnicator rejected the zorblax')")
        assert "kb:" not in capsys.readouterr().out
    finally:
        kb_hosts.unload_ipython_extension(shell)
        InteractiveShell.clear_instance()


def test_load_ext_kb_hosts_keeps_working_after_its_folder_was_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """os.chdir into a folder, then remove it: the handler's os.getcwd() failed outside its guard,
    IPython printed the traceback twice and unregistered the extension."""
    from IPython.core.interactiveshell import InteractiveShell

    from kb.hosts import kb_hosts

    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    monkeypatch.setenv("KB_PYTHON", sys.executable)
    gone = tmp_path / "scratch"
    gone.mkdir()
    shell: Any = InteractiveShell.instance()
    try:
        shell.run_line_magic("colors", "nocolor")
        kb_hosts.load_ipython_extension(shell)
        monkeypatch.chdir(gone)
        gone.rmdir()
        shell.run_cell("raise IndexError('Target 5 is out of bounds.')")
        out = capsys.readouterr().out
        assert "Custom TB Handler failed" not in out and "cross-entropy-label-out-of-range" in out
    finally:
        kb_hosts.unload_ipython_extension(shell)
        InteractiveShell.clear_instance()


def test_load_ext_kb_hosts_answers_on_a_terminal_that_cannot_show_every_character(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under a Latin-1 locale, printing the known fault (`…`) raised UnicodeEncodeError in the
    handler: IPython printed the error and unregistered the extension."""
    import io

    from IPython.core.interactiveshell import InteractiveShell

    from kb.hosts import kb_hosts

    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    monkeypatch.setenv("KB_PYTHON", sys.executable)
    terminal = io.TextIOWrapper(io.BytesIO(), encoding="latin-1", write_through=True)
    monkeypatch.setattr(sys, "stdout", terminal)
    shell: Any = InteractiveShell.instance()
    try:
        shell.run_line_magic("colors", "nocolor")
        kb_hosts.load_ipython_extension(shell)
        shell.run_cell("raise IndexError('Target 5 is out of bounds.')")
        shell.run_cell("raise IndexError('Target 7 is out of bounds.')")
        out = terminal.buffer.getvalue().decode("latin-1")
        assert "Custom TB Handler failed" not in out
        assert out.count("cross-entropy-label-out-of-range: IndexError: Target -1 is out of bounds.") == 2
        assert "\\u2026" in out
    finally:
        kb_hosts.unload_ipython_extension(shell)
        InteractiveShell.clear_instance()


def test_kbs_python_is_read_from_each_form_of_console_script_pip_writes() -> None:
    from kb.hosts.kb_hosts import script_python

    assert script_python(["#!/home/me/.local/share/pipx/venvs/ml-fault-kb/bin/python"]) == (
        "/home/me/.local/share/pipx/venvs/ml-fault-kb/bin/python"
    )
    assert script_python(["#!/usr/bin/env -S python3 -X utf8"]) == "python3"
    long = "/data/a very long path/envs/kb/bin/python3.11"  # too long, or with a space: pip's sh launcher
    assert script_python(["#!/bin/sh", f'\'\'\'exec\' "{long}" "$0" "$@"', "' '''"]) == long
    deep = "/opt/conda/envs/" + "x" * 120 + "/bin/python3"  # too long for #!: as pip writes it then
    assert script_python(["#!/bin/sh", f"'''exec' {deep} \"$0\" \"$@\"", "' '''"]) == deep
    assert script_python(["#!/bin/sh", "exec node cli.js"]) is None
    assert script_python(["#!/usr/bin/env bash"]) is None and script_python(["print(1)"]) is None


def test_export_hosts_says_how_to_install_it_with_the_projects_own_python(tmp_path: Path) -> None:
    """It said `.venv/bin/pip install …`, which a conda env, where most of kb's users work, has not."""
    code, out, _ = kb("export", "hosts", "--out", str(tmp_path / "wheels"))
    (wheel,) = (tmp_path / "wheels").glob("kb_hosts-*.whl")
    assert code == 0 and out.splitlines()[1].endswith(f": python -m pip install {wheel}")
