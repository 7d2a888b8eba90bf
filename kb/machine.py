"""The machine kb runs on, as every layer asks about it: which Python the user's code runs in, and
the facts of a Python environment that entries' `applies_to` constraints name (kb.entry.constraints).
A base module: the standard library only, and no other part of kb.

An environment is read as a snapshot: python, os, cuda (the CUDA torch was built with, from torch's
own version file), driver (the NVIDIA driver, from /proc) and the version of every installed
distribution, read from the names of the `*.dist-info` folders on sys.path: one listing per folder,
where importlib.metadata would open a file per package (hundreds in a conda env). Nothing is imported:
importing torch takes seconds and initialises CUDA.

The environment that failed is not always kb's own: `kb run -- /opt/envs/train/bin/python …` fails
in another interpreter, and kb installed with pipx has a venv of its own beside the user's conda
env. snapshot_of() runs this very file in that interpreter, which is why it imports nothing but the
standard library and reads as Python 3.8.

The GPU's compute capability is the machine's, not the environment's, and costs a call to
nvidia-smi: facts_in() reads it only when a constraint asks for it, and snapshots never hold it.
"""

from __future__ import annotations

import functools
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

#: How long the interpreter of a failed command may take to describe its environment.
PROBE_TIMEOUT_S = 10.0

_DIST_INFO = re.compile(r"^(?P<name>[^-]+)-(?P<version>[^-]+?)(?:-py\d[\d.]*)?\.(?:dist|egg)-info$")


def snapshot() -> dict[str, str]:
    """This interpreter's environment: its facts and the version of every installed distribution,
    read again whenever a folder of sys.path changed (a notebook's `pip install`), else kept."""
    stamp = tuple(_changed_at(path) for path in sys.path)
    if _SNAPSHOT and _SNAPSHOT[0] == (tuple(sys.path), stamp):
        return dict(_SNAPSHOT[1])
    facts = _read_snapshot()
    _SNAPSHOT[:] = [(tuple(sys.path), stamp), facts]
    return dict(facts)


#: The last snapshot, and the sys.path and folder times it was read with.
_SNAPSHOT: list[Any] = []


def _changed_at(path: str) -> int:
    try:
        return os.stat(path or ".").st_mtime_ns
    except OSError:
        return 0


def _read_snapshot() -> dict[str, str]:
    facts = {"python": platform.python_version(), "os": sys.platform}
    for name, value in (("cuda", _torch_cuda()), ("driver", _driver())):
        if value is not None:
            facts[name] = value
    for name, version in installed_versions(sys.path).items():
        facts.setdefault(name, version)
    return facts


def environment(interpreter: str | None = None) -> Mapping[str, str] | None:
    """The snapshot of INTERPRETER's environment (None: this one's, read afresh: a notebook's kernel
    lives through `pip install`s); None when that interpreter cannot say."""
    if interpreter is None or _same_environment(interpreter, sys.executable):
        return snapshot()
    return snapshot_of(interpreter)


def snapshot_of(interpreter: str) -> dict[str, str] | None:
    """The snapshot of another Python, by running this file in it; None when it cannot be run, is
    not Python, or takes longer than PROBE_TIMEOUT_S. Kept, and read again only when a folder of that
    interpreter's sys.path changed (a `pip install` between two searches of a long-lived process such
    as `kb mcp`): a search of several layers asks once per layer. Threads asking at once (`kb mcp`
    reads it at start while the first search may already ask) wait for one probe."""
    with _PROBING:
        kept = _SNAPSHOTS_OF.get(interpreter)
        if kept is not None and kept[1] == tuple(_changed_at(path) for path in kept[0]):
            return kept[2]
        paths, facts = _probe(interpreter)
        if len(_SNAPSHOTS_OF) >= 8:
            _SNAPSHOTS_OF.clear()
        _SNAPSHOTS_OF[interpreter] = (paths, tuple(_changed_at(path) for path in paths), facts)
        return facts


_PROBING = threading.Lock()
#: interpreter → (its sys.path, the folders' times then, its snapshot or None).
_SNAPSHOTS_OF: dict[str, tuple[tuple[str, ...], tuple[int, ...], dict[str, str] | None]] = {}


def _probe(interpreter: str) -> tuple[tuple[str, ...], dict[str, str] | None]:
    """INTERPRETER's sys.path and snapshot, read by running this file in it.

    In the file system's root, not the working folder: `python -c` puts its working folder first on
    sys.path, and this file imports json, platform and re, which Python does not load as it starts;
    a cloned repository's own platform.py would run, unasked, at a search (and as `kb mcp` starts)."""
    with open(__file__, encoding="utf-8") as handle:
        source = handle.read()
    probe = "\nprint(json.dumps({'path': sys.path, 'facts': snapshot()}))"
    program = os.path.abspath(interpreter) if os.sep in interpreter else interpreter
    try:
        result = subprocess.run(
            [program, "-c", source + probe],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            cwd=os.path.abspath(os.sep),
            timeout=PROBE_TIMEOUT_S,
            check=False,
        )
        answer = json.loads(result.stdout.strip().splitlines()[-1]) if result.returncode == 0 else None
    except (OSError, subprocess.TimeoutExpired, ValueError, IndexError):
        return (), None
    if not isinstance(answer, dict):
        return (), None
    paths, found = answer.get("path"), answer.get("facts")
    kept = tuple(str(path) for path in paths) if isinstance(paths, list) else ()
    if not isinstance(found, dict) or not all(isinstance(v, str) for v in found.values()):
        return kept, None
    return kept, {str(name): value for name, value in found.items()}


def facts_in(seen: Mapping[str, str], names: Iterable[str]) -> dict[str, str | None]:
    """Each of NAMES (facts and normalized package names) as SEEN has it; None where it is unknown."""
    facts: dict[str, str | None] = {name: seen.get(name) for name in set(names)}
    if "compute_capability" in facts:
        facts["compute_capability"] = _compute_capability()
    return facts


def installed_versions(paths: Sequence[str]) -> dict[str, str]:
    """Normalized distribution name → version, for each distribution installed in PATHS; the first
    found wins, as in importlib.metadata. A folder whose name holds no version (a development egg)
    is read for its Version header."""
    found: dict[str, str] = {}
    for path in paths:
        try:
            names = os.listdir(path or ".")
        except OSError:
            continue
        for folder in names:
            if not folder.endswith(("dist-info", "egg-info")):
                continue
            match = _DIST_INFO.match(folder)
            if match:
                name, version = match.group("name"), match.group("version")
            else:
                name, version = folder.rsplit(".", 1)[0], _version_header(os.path.join(path, folder))
            if version:
                found.setdefault(distribution_name(name), version)
    return found


def active_python(search_path: str | None = None) -> str | None:
    """The Python that `python train.py` runs here: the first python, else python3, on the PATH.
    kb may live in a venv of its own (pipx, the README's .venv), whose packages say nothing about
    the user's code; when kb is installed beside that code, this is kb's own interpreter."""
    return shutil.which("python", path=search_path) or shutil.which("python3", path=search_path)


def user_python() -> str:
    """The interpreter a bare Python check runs in: the user's, where torch lives, not kb's own.

    kb is often installed apart (pipx, its own venv), so its interpreter rarely has the project's
    packages; `python3` on PATH is the one the person would type.
    """
    return shutil.which("python3") or shutil.which("python") or sys.executable


def python_of(command: Sequence[str], search_path: str | None = None) -> str | None:
    """The Python a command runs in: the command itself when it is a Python (python, python3.11, a
    venv's bin/python), the interpreter of its `#!` line when it is a Python script (torchrun,
    accelerate, pytest); otherwise (a shell script, make), or when that Python is a script kb may
    not run again (runs_as_a_python()), the first python3 or python on the PATH, which is what the
    script most likely runs. None when there is none."""
    if not command:
        return None
    program = command[0] if os.sep in command[0] else shutil.which(command[0], path=search_path)
    if program is not None:
        named = _is_python(os.path.basename(program))
        interpreter = program if named else _shebang_python(program, search_path)
        if interpreter is not None and runs_as_a_python(interpreter, os.path.basename(interpreter)):
            return interpreter
    return shutil.which("python3", path=search_path) or shutil.which("python", path=search_path)


def _is_python(name: str) -> bool:
    return re.fullmatch(r"python[\d.]*", name) is not None


#: The first bytes of a compiled program: ELF, Mach-O (both word sizes, both orders, universal), PE.
_PROGRAM_MAGIC = (b"\x7fELF", b"\xcf\xfa\xed\xfe", b"\xce\xfa\xed\xfe", b"\xca\xfe\xba\xbe", b"MZ")


def runs_as_a_python(path: str, name: str) -> bool:
    """Whether kb may run PATH to read a Python's packages: a compiled program, or the NAME the PATH
    environment variable finds (a pyenv shim is a shell script, put there by the user). A script
    someone wrote and named python3 is neither: the name alone let such a script run again, out of
    sight, after the run the person asked for (kb run) or their agent's shell approved (kb mcp)."""
    on_path = shutil.which(name)
    if on_path is not None and os.path.realpath(on_path) == os.path.realpath(path):
        return True
    try:
        with open(path, "rb") as program:
            return program.read(4).startswith(_PROGRAM_MAGIC)
    except OSError:
        return False


#: The line after `#!/bin/sh` in the launcher pip writes when a Python's path is too long for a `#!`
#: line (a deep conda env: `'''exec' /path/to/python "$0" "$@"`) or holds a space (the path in double
#: quotes). kb.hosts.kb_hosts reads it the same way; this module runs inside other interpreters too.
_SH_LAUNCHER = "'''exec' "


def _shebang_python(program: str, search_path: str | None) -> str | None:
    """The Python the script PROGRAM runs in, read from its `#!` line (through `env` too) or from
    pip's `/bin/sh` launcher; None when it names none."""
    try:
        with open(program, "rb") as handle:
            first = handle.readline(512).decode("utf-8", errors="replace")
            second = handle.readline(4096).decode("utf-8", errors="replace")
    except OSError:
        return None
    if not first.startswith("#!"):
        return None
    words = first[2:].split()
    if words[:1] and os.path.basename(words[0]) == "sh" and second.startswith(_SH_LAUNCHER):
        rest = second[len(_SH_LAUNCHER) :]
        launched = rest[1:].split('"', 1)[0] if rest.startswith('"') else (rest.split() or [""])[0]
        return launched if _is_python(os.path.basename(launched)) else None
    if words[:1] and os.path.basename(words[0]) == "env":
        words = [word for word in words[1:] if not word.startswith("-")]
        found = shutil.which(words[0], path=search_path) if words and _is_python(words[0]) else None
        return found
    return words[0] if words and _is_python(os.path.basename(words[0])) else None


def distribution_name(name: str) -> str:
    """NAME as packaging normalizes a distribution's name: flash_attn, Flash.Attn → flash-attn."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _version_header(folder: str) -> str | None:
    for file in ("METADATA", "PKG-INFO"):
        try:
            with open(os.path.join(folder, file), encoding="utf-8", errors="replace") as handle:
                for line in handle:
                    if line.startswith("Version:"):
                        return line.split(":", 1)[1].strip() or None
                    if not line.strip():
                        break
        except OSError:
            continue
    return None


def _same_environment(one: str, other: str) -> bool:
    """Whether two interpreters are one environment's: the same path, or one file in one folder
    (a venv's python and python3). A venv's python is a link to the base interpreter, so the file
    alone does not tell the environment."""
    one, other = os.path.abspath(one), os.path.abspath(other)
    if one == other:
        return True
    try:
        return os.path.dirname(one) == os.path.dirname(other) and os.path.samefile(one, other)
    except OSError:
        return False


def _torch_cuda() -> str | None:
    """The CUDA version torch was built with, read from torch/version.py without importing torch."""
    from importlib.util import find_spec

    try:
        spec = find_spec("torch")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    path = os.path.join(next(iter(spec.submodule_search_locations)), "version.py")
    try:
        with open(path, encoding="utf-8") as handle:
            found = re.search(r"^cuda\s*(?::\s*\S+\s*)?=\s*['\"]([\d.]+)['\"]", handle.read(), re.MULTILINE)
    except OSError:
        return None
    return found.group(1) if found else None


def _driver() -> str | None:
    try:
        with open("/proc/driver/nvidia/version", encoding="utf-8") as handle:
            found = re.search(r"Kernel Module\s+([\d.]+)", handle.read())
    except OSError:
        return None
    return found.group(1) if found else None


@functools.lru_cache(maxsize=1)
def _compute_capability() -> str | None:
    """The GPU's, which a process asks nvidia-smi once: a search of several layers judges each."""
    try:
        result = subprocess.run(
            ["nvidia-smi", "--query-gpu=compute_cap", "--format=csv,noheader"],
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    first = result.stdout.strip().splitlines()[:1]
    return first[0].strip() if result.returncode == 0 and first else None
