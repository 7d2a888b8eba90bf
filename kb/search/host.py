"""The facts of this machine that entries' `applies_to` constraints name (kb.entry.constraints):
package versions from importlib.metadata, in this interpreter, never by importing the package (torch
takes seconds); CUDA from torch's own version file; the NVIDIA driver from /proc; the GPU's compute
capability from nvidia-smi, only when a constraint asks for it."""

from __future__ import annotations

import os
import platform
import re
import subprocess
import sys
from collections.abc import Iterable


def host_facts(names: Iterable[str]) -> dict[str, str | None]:
    """Each of NAMES (facts and package names) as this machine has it; None where it is unknown."""
    return {name: _fact(name) for name in set(names)}


def _fact(name: str) -> str | None:
    if name == "python":
        return platform.python_version()
    if name == "os":
        return sys.platform
    if name == "cuda":
        return _torch_cuda()
    if name == "driver":
        return _driver()
    if name == "compute_capability":
        return _compute_capability()
    from importlib import metadata

    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


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


def _compute_capability() -> str | None:
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
