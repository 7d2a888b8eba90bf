"""Every seed check, run against a small project with its fault planted and one without.

Each seed with a case has `tests/seed_checks/<key>/planted/` and `healthy/` (the project files the
check looks at) and optionally `case.toml`:

    with = { port = "{free_port}" }   # the values the check takes ({free_port}: one chosen here)
    serve = "python3 -m http.server {port} --bind 127.0.0.1"
                                      # started in the planted folder before the check, stopped after
    serve_healthy = "…"               # the same for the healthy folder
    planted = "confirmed"             # the verdict expected there (default: confirmed, or
    healthy = "ruled out"             # inconclusive for a declared probe; healthy: ruled out)

The check runs as `kb check` runs it (kb.verify.runner), with `python` on PATH being the interpreter
in $KB_CHECK_PYTHON (one with torch CPU, say) or else this one. A check whose needs this box does not
meet (a GPU, a Docker daemon, a module or program that is not installed) is skipped, saying which.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from kb.entry.check_rule import fill
from kb.entry.content import EntryContent
from kb.entry.file import read_entry_file
from kb.verify.needs import unmet_needs
from kb.verify.runner import run_validation

ROOT = Path(__file__).resolve().parents[2]
SEEDS = sorted((ROOT / "seed_entries").glob("*/*.md"))
CASES = ROOT / "tests" / "seed_checks"


def _seed(path: Path) -> EntryContent:
    return read_entry_file(path)


@pytest.fixture(scope="module")
def check_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder whose `python` and `python3` are the interpreter the checks run with."""
    folder = tmp_path_factory.mktemp("bin")
    interpreter = os.environ.get("KB_CHECK_PYTHON") or sys.executable
    for name in ("python", "python3"):  # a script, not a symlink: a venv's python finds its venv so
        (folder / name).write_text(f'#!/bin/sh\nexec {shlex.quote(interpreter)} "$@"\n')
        (folder / name).chmod(0o755)
    return folder


def _free_port() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return str(probe.getsockname()[1])


@pytest.fixture
def served() -> Iterator[list[subprocess.Popen[bytes]]]:
    processes: list[subprocess.Popen[bytes]] = []
    yield processes
    _stop(processes)


def _stop(processes: list[subprocess.Popen[bytes]]) -> None:
    """Kill each served process group and wait until none of it is left (a server it started still
    holding the port would answer the other side's check)."""
    for process in processes:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        deadline = time.monotonic() + 2  # an orphan's zombie lingers where init does not reap
        while time.monotonic() < deadline:
            try:
                os.killpg(process.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.02)
    processes.clear()


def _serve(command: str, cwd: Path, env: dict[str, str], port: str | None) -> subprocess.Popen[bytes] | None:
    """COMMAND started in CWD, once it listens on PORT (when given); None when it never does (the
    interpreter lacks what it serves with, uvicorn say)."""
    process = subprocess.Popen(
        ["/bin/sh", "-c", command],
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 30
    while port and time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", int(port))) == 0:
                return process
        if process.poll() is not None:
            break
        time.sleep(0.05)
    if not port:
        return process
    _stop([process])
    return None


@pytest.mark.parametrize("path", SEEDS, ids=[p.stem for p in SEEDS])
def test_a_seed_check_gives_the_right_verdict_with_the_fault_and_without(
    path: Path, check_python: Path, tmp_path: Path, served: list[subprocess.Popen[bytes]]
) -> None:
    entry = _seed(path)
    rule = entry.check_rule
    assert rule.declared, f"{entry.key}: the check declares no rule"
    case = CASES / entry.key
    if not case.is_dir():
        # A check that reads the machine (its GPU, driver, Docker daemon) has no project to plant
        # its fault in: it is proved on a GPU box. Every other check has its pair.
        machine = {"gpu", "docker"} & set(rule.needs)
        assert machine, f"{entry.key}: no planted/healthy project in tests/seed_checks/{entry.key}"
        pytest.skip(f"{entry.key}: reads the machine ({', '.join(sorted(machine))}), not a project")
    settings = tomllib.loads((case / "case.toml").read_text()) if (case / "case.toml").exists() else {}
    values = {name: str(value) for name, value in settings.get("with", {}).items()}
    port = _free_port() if "{free_port}" in values.values() else None
    values = {name: port if value == "{free_port}" and port else value for name, value in values.items()}
    env = {**os.environ, "PATH": f"{check_python}{os.pathsep}{os.environ.get('PATH', '')}"}
    expected = {
        "planted": settings.get("planted", "confirmed" if entry.check_rule.gives_verdict else "inconclusive"),
        "healthy": settings.get("healthy", "ruled out" if entry.check_rule.gives_verdict else "inconclusive"),
    }
    for side in ("planted", "healthy"):
        project = tmp_path / side
        shutil.copytree(case / side, project, symlinks=True)
        unmet = unmet_needs(entry.check_rule, values, cwd=project, env=env)
        if unmet:
            pytest.skip(f"{entry.key}: {unmet[0]}")
        serve = settings.get("serve" if side == "planted" else "serve_healthy")
        if serve:
            server = _serve(fill(serve, rule, values) if values else serve, project, env, port)
            if server is None:
                pytest.skip(f"{entry.key} ({side}): what the project serves did not start here")
            served.append(server)
        command = fill(entry.validation, entry.check_rule, values)
        result = run_validation(
            command, timeout=120, cwd=project, env=env, symptom=entry.symptom, rule=entry.check_rule
        )
        missing = result.reason.startswith("the Python module ") and result.reason.endswith(
            " is not installed"
        )
        if result.verdict == "could not run here" and missing and expected[side] != result.verdict:
            pytest.skip(f"{entry.key} ({side}): {result.reason} for its project")
        assert result.verdict == expected[side], (
            f"{entry.key} ({side}): {result.verdict} ({result.reason}), expected {expected[side]}\n"
            f"$ {shlex.join(['sh', '-c', command])}\n{result.output[-1500:]}"
        )
        _stop(served)


@pytest.mark.parametrize("address", ["::1", "127.0.0.2"])
def test_the_port_check_finds_a_holder_on_any_local_address(
    address: str, tmp_path: Path, served: list[subprocess.Popen[bytes]]
) -> None:
    """A server on `::1` alone (Node's `localhost`) left the check saying the port was free, and one on
    another local address made it crash: both hold the port the user's server could not bind."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.socket(family) as probe:
        try:
            probe.bind((address, 0))
        except OSError:
            pytest.skip(f"this machine has no {address}")
        port = str(probe.getsockname()[1])
    entry = _seed(ROOT / "seed_entries" / "deployment" / "port-already-in-use.md")
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", port, "--bind", address],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    served.append(server)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with socket.socket(family) as probe:
            if probe.connect_ex((address, int(port))) == 0:
                break
        time.sleep(0.05)
    command = fill(entry.validation, entry.check_rule, {"port": port})
    result = run_validation(command, timeout=60, cwd=tmp_path, symptom=entry.symptom, rule=entry.check_rule)
    assert result.verdict == "confirmed", result.output
