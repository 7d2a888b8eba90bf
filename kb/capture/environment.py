"""The environment baseline: the third sentence of a fault's anchor.

An engineer anchoring a fault writes what failed, how to see it again, and what it ran on:
"CUDA_VISIBLE_DEVICES=0, PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:128, transformers 4.35.0". The
last part is tedious to type and easy to get wrong, so `capture_baseline()` reads it from the machine:
the interpreter, the OS, the GPUs and CUDA version nvidia-smi reports, the versions of the ML packages
that are installed, and the environment variables that change how they behave.

Package versions come from installed METADATA (`importlib.metadata`), never from importing the
package: importing torch takes seconds, initialises CUDA and can itself be the fault being recorded.

Secrets never enter the knowledge base. Environment variables are kept only from an allowlist, and
every kept value still goes through `kb.entry.redaction.redact()`, which looks at the variable's name
(HF_TOKEN) and at the value itself (an `hf_…` token under an innocent name); every entry written is
redacted again on its way to the store.
"""

from __future__ import annotations

import os
import platform
import re
import subprocess
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from typing import TypeAlias

from kb.entry.redaction import redact

#: Runs a command and returns its stdout, or None when it is missing, fails or times out.
Runner: TypeAlias = Callable[[list[str]], str | None]

#: Seconds the real runner waits for nvidia-smi, which hangs when a driver is wedged.
NVIDIA_SMI_TIMEOUT = 5.0

GPU_QUERY = ("nvidia-smi", "--query-gpu=name,driver_version,memory.total", "--format=csv,noheader")
SMI_HEADER = ("nvidia-smi",)

_CUDA_WHEELS = tuple(
    f"nvidia-{library}-{suffix}"
    for library in ("cuda-runtime", "cudnn", "nccl", "cublas")
    for suffix in ("cu12", "cu11", "cu13")
)

#: Distributions whose versions a fault report needs, in the order they are shown.
PACKAGES = (
    "torch",
    "torchvision",
    "torchaudio",
    "transformers",
    "accelerate",
    "deepspeed",
    "datasets",
    "tokenizers",
    "numpy",
    "jax",
    "jaxlib",
    "tensorflow",
    "triton",
    "flash-attn",
    "xformers",
    "vllm",
    *_CUDA_WHEELS,
)

#: Environment variables kept by exact name.
ENV_NAMES = frozenset(
    {
        "CUDA_VISIBLE_DEVICES",
        "PYTORCH_CUDA_ALLOC_CONF",
        "CUDA_LAUNCH_BLOCKING",
        "CUBLAS_WORKSPACE_CONFIG",
        "OMP_NUM_THREADS",
        "MKL_NUM_THREADS",
        "TOKENIZERS_PARALLELISM",
        "WORLD_SIZE",
        "LOCAL_WORLD_SIZE",
        "RANK",
        "LOCAL_RANK",
        "MASTER_ADDR",
        "MASTER_PORT",
        "CUDA_HOME",
        "LD_LIBRARY_PATH",
    }
)

#: Environment variables kept by prefix.
ENV_PREFIXES = ("NCCL_", "TORCH_", "PYTORCH_", "HF_", "TRANSFORMERS_")


@dataclass(frozen=True)
class Baseline:
    """What a fault ran on. Every field is already safe to store."""

    python: str
    platform: str
    gpus: tuple[str, ...]
    packages: dict[str, str]
    cuda: str | None
    env: dict[str, str]
    #: Whether nvidia-smi answered the GPU query: a missing or failing nvidia-smi (a driver it cannot
    #: reach, the very fault someone records on a GPU box) says nothing of the GPUs there.
    gpus_known: bool = True

    def as_text(self) -> str:
        """A few readable lines for an entry's `environment` field."""
        lines = [f"Python {self.python} on {self.platform}"]
        gpus = [f"GPU: {gpu}" for gpu in _grouped(self.gpus)]
        if not gpus:
            gpus = [
                "GPU: none found by nvidia-smi"
                if self.gpus_known
                else "GPU: not known (nvidia-smi is not installed here, or it failed)"
            ]
        lines += gpus
        ml = [f"{name} {version}" for name, version in self.packages.items() if not _is_cuda_wheel(name)]
        if ml:
            lines.append(", ".join(ml))
        wheels = [f"{name} {version}" for name, version in self.packages.items() if _is_cuda_wheel(name)]
        if self.cuda:
            lines.append(f"CUDA {self.cuda}" + (f" ({', '.join(wheels)})" if wheels else ""))
        elif wheels:
            lines.append(", ".join(wheels))
        lines += [f"{name}={_one_line(value)}" for name, value in sorted(self.env.items())]
        return "\n".join(lines)


#: A traceback frame in an installed package: `…/site-packages/pandas/core/frame.py`.
_FRAME_PACKAGE = re.compile(r"(?:site|dist)-packages[/\\]([a-z0-9_.-]+?)[/\\]")


def framed_packages(text: str) -> tuple[str, ...]:
    """The installed packages TEXT's traceback frames run through, by distribution name, in order."""
    from kb.machine import distribution_name

    return tuple(dict.fromkeys(distribution_name(name) for name in _FRAME_PACKAGE.findall(text.lower())))


def capture_baseline(
    environ: Mapping[str, str] | None = None,
    run: Runner | None = None,
    versions: Callable[[str], str | None] | None = None,
    seen: Mapping[str, str] | None = None,
    also: Sequence[str] = (),
) -> Baseline:
    """Read the baseline from this machine; tests inject `environ`, the nvidia-smi `run`ner and `versions`.
    SEEN: the snapshot (kb.machine) of the Python the code runs in, whose Python and package
    versions are taken instead of kb's own. ALSO: more packages to record when installed, such as
    those the failure's traceback ran through (framed_packages()): pandas is on no list of ML
    packages, and a KeyError raised inside it was recorded with numpy's version and not its own.

    The defaults are os.environ, a subprocess with a 5 s timeout, and importlib.metadata.version.
    nvidia-smi is called at most twice (the GPU query, then the plain header for the CUDA version);
    either may fail, and a machine without it simply has no GPUs listed.
    """
    environ = os.environ if environ is None else environ
    run = run_command if run is None else run
    if seen is not None and versions is None:
        versions = seen.get
    versions = installed_version if versions is None else versions
    packages = installed_packages(versions, also)
    python = f"{platform.python_version()} ({platform.python_implementation()})"
    answered = run(list(GPU_QUERY))
    return Baseline(
        python=seen["python"] if seen is not None and seen.get("python") else python,
        platform=platform.platform(),
        gpus=parse_gpus(answered),
        packages=packages,
        cuda=parse_cuda_version(run(list(SMI_HEADER))) or cuda_from_wheels(packages),
        env=relevant_env(environ),
        gpus_known=answered is not None,
    )


def capture_baseline_in(python: str | None, also: Sequence[str] = ()) -> Baseline:
    """The baseline of PYTHON's environment (kb.machine.environment; None: kb's own): the Python
    the user's code runs in is not kb's own when kb lives in a venv of its own."""
    from kb.machine import environment

    return capture_baseline(seen=environment(python), also=also)


def run_command(argv: list[str]) -> str | None:
    """The real runner: stdout of a command that succeeded within the timeout, else None."""
    try:
        result = subprocess.run(
            argv,
            capture_output=True,
            text=True,
            errors="replace",
            stdin=subprocess.DEVNULL,
            timeout=NVIDIA_SMI_TIMEOUT,
            check=True,
        )
    except (FileNotFoundError, subprocess.TimeoutExpired, subprocess.CalledProcessError, OSError):
        return None
    return result.stdout


def installed_version(name: str) -> str | None:
    """The version in a distribution's METADATA, without importing it; None when not installed."""
    try:
        return metadata.version(name)
    except (metadata.PackageNotFoundError, ValueError):
        return None


def installed_packages(versions: Callable[[str], str | None], also: Sequence[str] = ()) -> dict[str, str]:
    """The installed ones among PACKAGES, in that order, then among ALSO."""
    found = {name: versions(name) for name in dict.fromkeys((*PACKAGES, *also))}
    return {name: version for name, version in found.items() if version}


def parse_gpus(csv: str | None) -> tuple[str, ...]:
    """`NVIDIA A100-SXM4-80GB, 535.104.05, 81920 MiB` → `NVIDIA A100-SXM4-80GB, driver 535.104.05, 81920 MiB`.

    Lines that are not three comma-separated fields (a driver error message) are skipped.
    """
    gpus = []
    for line in (csv or "").splitlines():
        fields = [field.strip() for field in line.rsplit(",", 2)]
        if len(fields) != 3 or not fields[0]:
            continue
        name, driver, memory = (None if _not_available(f) else f for f in fields)
        if name is None:
            continue
        gpus.append(", ".join(part for part in (name, driver and f"driver {driver}", memory) if part))
    return tuple(gpus)


_CUDA_HEADER = re.compile(r"CUDA Version\s*:\s*(\d+(?:\.\d+)*)")


def parse_cuda_version(smi_output: str | None) -> str | None:
    """The `CUDA Version: 12.2` of nvidia-smi's header (the newest CUDA the driver supports)."""
    match = _CUDA_HEADER.search(smi_output or "")
    return match.group(1) if match else None


def cuda_from_wheels(packages: Mapping[str, str]) -> str | None:
    """Major.minor of an installed nvidia-cuda-runtime wheel (`12.1.105` → `12.1`), the CUDA torch uses."""
    for name, version in packages.items():
        if name.startswith("nvidia-cuda-runtime"):
            match = re.match(r"\d+(?:\.\d+)?", version)
            if match:
                return match.group()
    return None


def is_relevant_env(name: str) -> bool:
    """Whether an environment variable changes how ML code behaves (the allowlist)."""
    return name in ENV_NAMES or name.startswith(ENV_PREFIXES)


def relevant_env(environ: Mapping[str, str]) -> dict[str, str]:
    """The relevant variables that are set, each value redacted, sorted by name."""
    return {name: redact(name, environ[name]) for name in sorted(environ) if is_relevant_env(name)}


def _grouped(gpus: tuple[str, ...]) -> list[str]:
    """Eight identical GPUs read as `8 x NVIDIA H100 …`, in first-seen order."""
    return [gpu if count == 1 else f"{count} x {gpu}" for gpu, count in Counter(gpus).items()]


def _is_cuda_wheel(name: str) -> bool:
    return name.startswith("nvidia-")


def _not_available(field: str) -> bool:
    return not field or field.strip("[]").upper() in {"N/A", "NOT SUPPORTED", "UNKNOWN ERROR"}


def _one_line(value: str) -> str:
    return value.replace("\r", "\\r").replace("\n", "\\n")
