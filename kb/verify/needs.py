"""What a check needs before it can run, looked for before it runs.

A check declares its needs (kb.entry.check_rule): a GPU, a Docker daemon, a program, a Python module
in the interpreter it runs with, a file, a running process. One that is missing means the check
"could not run here": kb says so instead of running it and reading a failure as a verdict.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path

from kb.entry.check_rule import CheckRule, fill
from kb.entry.lint import program_paths, programs, validation_kind

#: Prints each of its arguments that the interpreter cannot import, without importing anything:
#: importlib.util.find_spec() of `pkg.sub` imports `pkg`, which runs the package's code (a project's
#: own, in the folder the check runs in) before the person agreed to more than the command. The
#: top-level name is found as find_spec finds it (editable installs' finders too), each submodule in
#: its parent's folders by the path finder alone.
_FIND_MODULES = (
    "import importlib.machinery, importlib.util, sys\n"
    "def found(name):\n"
    "    top, *rest = name.split('.')\n"
    "    try:\n"
    "        if top in sys.modules:  # imported as the interpreter started (os): nothing new runs\n"
    "            return importlib.util.find_spec(name) is not None\n"
    "        spec = importlib.util.find_spec(top)\n"
    "        for depth in range(1, len(rest) + 1):\n"
    "            if spec is None or spec.submodule_search_locations is None:\n"
    "                return False\n"
    "            full, where = '.'.join([top, *rest[:depth]]), list(spec.submodule_search_locations)\n"
    "            spec = importlib.machinery.PathFinder.find_spec(full, where)\n"
    "    except (ImportError, ValueError):\n"
    "        return False\n"
    "    return spec is not None\n"
    "for name in sys.argv[1:]:\n"
    "    found(name) or print(name)\n"
)


def unmet_needs(
    rule: CheckRule,
    values: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    command: str | None = None,
) -> list[str]:
    """What RULE needs that is not here, each as a short reason ("no GPU", "lsof is not installed");
    empty when the check can run. VALUES fill a need's inputs; CWD and ENV are the check's own.

    A shell COMMAND also needs the programs it runs, declared or not, by name or by absolute path,
    and those its wrappers run (`timeout 10 ibv_devinfo`, `sh -c '…'`; kb.entry.lint.programs):
    behind `2>/dev/null`, or piped into `grep`, a program that is not installed reads as an exit
    status or an empty output, which the rule would take for a verdict (`ibv_devinfo 2>/dev/null |
    grep -q PORT_ACTIVE` "confirmed" on a machine without InfiniBand's tools)."""
    environment = dict(os.environ if env is None else env)
    path = environment.get("PATH")
    folder = cwd or Path.cwd()
    unmet: list[str] = []
    if command is not None and validation_kind(command) == "shell":
        unmet += [
            f"{name} is not installed"
            for name in programs(command) or ()
            if not shutil.which(name, path=path)
            and not (name == "python" and python_means_python3(command, path))
        ]
        unmet += [
            f"{program} is not here" if not os.path.isfile(program) else f"{program} is not executable"
            for program in program_paths(command)
            if not (os.path.isfile(program) and os.access(program, os.X_OK))
        ]
    modules: list[str] = []
    for need in rule.needs:
        need = fill(need, rule, values)
        kind, _, what = need.partition(":")
        if need == "gpu":
            if not _gpu_here(path):
                unmet.append("no NVIDIA GPU here")
        elif need == "docker":
            if shutil.which("docker", path=path) is None:
                unmet.append("docker is not installed")
            elif not _docker_daemon_here(environment):
                unmet.append("no Docker daemon answers here")
        elif kind == "command":
            if shutil.which(what, path=path) is None:
                unmet.append(f"{what} is not installed")
        elif kind == "module":
            modules.append(what)
        elif kind == "file":
            if not (folder / what).exists():
                unmet.append(f"{what} is not here")
        elif kind == "process" and not _process_running(what):
            unmet.append(f"no running process matches {what!r}")
    if modules:
        unmet += [
            f"the Python module {name} is not installed"
            for name in _missing_modules(modules, folder, environment, command)
        ]
    return list(dict.fromkeys(unmet))


#: `python` as a program a shell line runs, for a line programs() cannot read: at its start, or
#: after a pipe, `;`, `&&`, `(` or `$(`.
_RUNS_PYTHON = re.compile(r"(?:^|[;&|(`]\s*)python(?=\s|$)")


def runs_python(command: str) -> bool:
    """Whether the shell line COMMAND runs `python` by that name (`CUDA_LAUNCH_BLOCKING=1 python …`)."""
    names = programs(command)
    return "python" in names if names is not None else bool(_RUNS_PYTHON.search(command))


def shell_python(command: str, path: str | None) -> str | None:
    """The Python the shell line COMMAND runs by name (`python`, `python3`, `python3.11`) as PATH finds
    it, the python3 standing in for a missing `python` (python_means_python3()); None for a line that
    runs none, or one PATH does not hold."""
    names = programs(command)
    if names is None:
        named = "python" if _RUNS_PYTHON.search(command) else None
    else:
        named = next((name for name in names if re.fullmatch(r"python[\d.]*", name)), None)
    if named is None:
        return None
    found = shutil.which(named, path=path)
    return found or (shutil.which("python3", path=path) if named == "python" else None)


#: A shell line's first program, `python` (after any `NAME=value` it is given): the seeds' form.
#: `python` where the shell runs it as a program, in a line whose quoted parts are masked: at the
#: start, after `;`, `&`, `|`, `(` or a backquote, past variable assignments and the wrappers that run
#: the rest of their line (`nohup`, `timeout 60`), or as the program torchrun starts (`--no-python`).
_PYTHON_RUN = re.compile(
    r"(?:(?:^|[;&|(`\n])\s*(?:[A-Za-z_]\w*=\S*\s+)*"
    r"(?:(?:nohup|time|setsid|exec|nice|env|stdbuf|timeout\s+\S+)\s+)*|--no-python\s+)"
    r"(python)(?=[\s;&|)`]|$)"
)
_QUOTED = re.compile(r"""'[^']*'|"(?:[^"\\]|\\.)*"|\\.""", re.DOTALL)


def as_this_shell_runs_it(command: str, path: str | None = None) -> str:
    """The shell line COMMAND for someone else's shell on this machine (a coding agent's): each
    `python` it runs as a program is python3 where PATH has python3 and no python, as kb check runs
    it (python_means_python3()): `(CUDA_LAUNCH_BLOCKING=1 python train.py 2>&1) | awk …` as well as
    a line that starts with it. Never a word inside quotes: the program a `-c` holds is its own."""
    if not python_means_python3(command, path):
        return command
    masked = _QUOTED.sub(lambda quoted: "q" * len(quoted.group()), command)
    starts = [match.start(1) for match in _PYTHON_RUN.finditer(masked)]
    for start in reversed(starts):
        command = f"{command[:start]}python3{command[start + len('python') :]}"
    return command


def python_means_python3(command: str, path: str | None) -> bool:
    """Whether the shell line COMMAND runs `python` where PATH has python3 and no python, as Debian's
    and Ubuntu's own Pythons have: kb runs it with that python3 (kb.verify.runner), so `python` is
    no program missing here."""
    return (
        runs_python(command)
        and shutil.which("python", path=path) is None
        and shutil.which("python3", path=path) is not None
    )


def _gpu_here(path: str | None) -> bool:
    return shutil.which("nvidia-smi", path=path) is not None and (
        os.path.exists("/dev/nvidiactl") or os.path.exists("/dev/nvidia0")
    )


def _docker_daemon_here(env: Mapping[str, str]) -> bool:
    host = env.get("DOCKER_HOST", "")
    if host and not host.startswith("unix://"):
        return True  # a remote daemon: only running the check can tell
    socket_path = host.removeprefix("unix://") or "/var/run/docker.sock"
    return os.path.exists(socket_path)


def _process_running(pattern: str) -> bool:
    """Whether a process's command line contains PATTERN (Linux /proc; elsewhere, assumed yes)."""
    proc = Path("/proc")
    if not proc.is_dir():
        return True
    own = str(os.getpid())
    for entry in proc.iterdir():
        if not entry.name.isdigit() or entry.name == own:
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
        except OSError:
            continue
        if pattern in command:
            return True
    return False


def _missing_modules(
    names: list[str], cwd: Path, env: Mapping[str, str], command: str | None = None
) -> list[str]:
    """Which of NAMES the check's interpreter cannot import (found from CWD, as the check would): the
    Python a shell line runs by name (the seed checks' `python -c …`; shell_python()); the python3 a
    bare Python check runs with otherwise."""
    from kb.machine import user_python

    path = env.get("PATH")
    python = (
        shell_python(command, path) if command is not None and validation_kind(command) == "shell" else None
    )
    python = python or shutil.which("python3", path=path) or shutil.which("python", path=path)
    try:
        found = subprocess.run(
            [python or user_python(), "-c", _FIND_MODULES, *names],
            cwd=cwd,
            env=dict(env),
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return names
    if found.returncode != 0:
        return names
    return [line.strip() for line in found.stdout.splitlines() if line.strip()]
