"""The environment baseline: the third sentence of a fault's anchor, and the redaction that guards it.

An engineer anchoring a fault writes what failed, how to see it again, and what it ran on:
"CUDA_VISIBLE_DEVICES=0, PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:128, transformers 4.35.0". The
last part is tedious to type and easy to get wrong, so `capture_baseline()` reads it from the machine:
the interpreter, the OS, the GPUs and CUDA version nvidia-smi reports, the versions of the ML packages
that are installed, and the environment variables that change how they behave.

Package versions come from installed METADATA (`importlib.metadata`), never from importing the
package: importing torch takes seconds, initialises CUDA and can itself be the fault being recorded.

Secrets never enter the knowledge base. Environment variables are kept only from an allowlist, and
every kept value still goes through `redact()`, which looks at the variable's name (HF_TOKEN) and at
the value itself (an `hf_…` token under an innocent name). `redact_text()` applies the same rules to
free text such as a pasted log, so the capture paths can clean whatever a person pastes.
"""

from __future__ import annotations

import math
import os
import platform
import re
import subprocess
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import metadata
from typing import TypeAlias

#: Runs a command and returns its stdout, or None when it is missing, fails or times out.
Runner: TypeAlias = Callable[[list[str]], str | None]

REDACTED = "[redacted]"

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

    def as_text(self) -> str:
        """A few readable lines for an entry's `environment` field."""
        lines = [f"Python {self.python} on {self.platform}"]
        lines += [f"GPU: {gpu}" for gpu in _grouped(self.gpus)] or ["GPU: none found by nvidia-smi"]
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


def capture_baseline(
    environ: Mapping[str, str] | None = None,
    run: Runner | None = None,
    versions: Callable[[str], str | None] | None = None,
) -> Baseline:
    """Read the baseline from this machine; tests inject `environ`, the nvidia-smi `run`ner and `versions`.

    The defaults are os.environ, a subprocess with a 5 s timeout, and importlib.metadata.version.
    nvidia-smi is called at most twice (the GPU query, then the plain header for the CUDA version);
    either may fail, and a machine without it simply has no GPUs listed.
    """
    environ = os.environ if environ is None else environ
    run = run_command if run is None else run
    versions = installed_version if versions is None else versions
    packages = installed_packages(versions)
    return Baseline(
        python=f"{platform.python_version()} ({platform.python_implementation()})",
        platform=platform.platform(),
        gpus=parse_gpus(run(list(GPU_QUERY))),
        packages=packages,
        cuda=parse_cuda_version(run(list(SMI_HEADER))) or cuda_from_wheels(packages),
        env=relevant_env(environ),
    )


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


def installed_packages(versions: Callable[[str], str | None]) -> dict[str, str]:
    """The installed ones among PACKAGES, in that order."""
    found = {name: versions(name) for name in PACKAGES}
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


# --- redaction --------------------------------------------------------------------------------------

#: Word parts of a variable name that mark it as a secret. Plural tokens/keys stay out on purpose:
#: `max_new_tokens` and `missing_keys` are everywhere in ML logs and hold nothing secret.
_SECRET_PART = re.compile(
    r"[a-z0-9]*(?:token|key|secret|password|passwd|credentials?|auth|cookies?|session)"
    r"|(?:auth|secret|passw|credential)[a-z0-9]*"
)
#: Tokenizer special tokens (`pad_token`, `eos_token_id`) are vocabulary, not credentials.
_SPECIAL_TOKENS = frozenset({"pad", "eos", "bos", "unk", "sep", "cls", "mask"})
_NAME_PARTS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


def is_secret_name(name: str) -> bool:
    """HF_TOKEN, WANDB_API_KEY, awsSecretAccessKey, DB_PASSWORD, Authorization: yes.

    PWD, TOKENIZERS_PARALLELISM, max_new_tokens, pad_token and a bare `key` (a sort key, a TOML key): no.
    """
    parts = [part.lower() for part in _NAME_PARTS.findall(name)]
    if parts == ["key"]:  # Python's `sorted(..., key=len)` and TOML's `key = "..."`
        return False
    for index, part in enumerate(parts):
        if not _SECRET_PART.fullmatch(part):
            continue
        if part == "token" and index > 0 and parts[index - 1] in _SPECIAL_TOKENS:
            continue
        return True
    return False


#: Credentials recognisable by their shape alone. Prefixed tokens match even inside other text.
_CREDENTIAL = re.compile(
    r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|\Z)"
    r"|hf_[A-Za-z0-9]{30,}"  # Hugging Face
    r"|(?<![A-Za-z0-9])sk-(?=[A-Za-z0-9_-]*[0-9])[A-Za-z0-9_-]{16,}"  # OpenAI, Anthropic
    r"|gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,}"  # GitHub
    r"|glpat-[A-Za-z0-9_-]{20,}"  # GitLab
    r"|(?:AKIA|ASIA)[0-9A-Z]{16}"  # AWS access key id
    r"|AIza[0-9A-Za-z_-]{35}"  # Google API key
    r"|xox[abposr]-[A-Za-z0-9-]{10,}"  # Slack
    r"|eyJ[A-Za-z0-9_-]{2,}\.eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*"  # JWT
    r"|(?<=://)[^\s/?#@:]*:[^\s/?#@]+(?=@)"  # the user:password of a URL
)

#: `Authorization: Bearer <token>`, `Basic <base64>`: the scheme stays, the credential goes.
_AUTH_SCHEME = re.compile(r"(?i)\b(bearer|basic)([ \t]+)([A-Za-z0-9._~+/=-]{8,})")

#: A digit, `=` padding or two lower-to-upper case changes: a token, not a word.
_TOKEN_LIKE = re.compile(r"[0-9]|=$|[a-z][A-Z].*[a-z][A-Z]")

#: Header lines whose whole value is a credential.
_AUTH_HEADER = re.compile(
    r"(?i)\b((?:proxy-)?authorization|x-api-key|x-auth-token|(?:set-)?cookie)([ \t]*:[ \t]*)([^\r\n\"']+)"
)

_NAME = r"[A-Za-z_][A-Za-z0-9_.-]*"
_VALUE = r"\"[^\"\n]*\"|'[^'\n]*'"

#: NAME=VALUE (environment, URL queries, key=value logs).
_ASSIGNMENT = re.compile(rf"(?<![A-Za-z0-9_.-])({_NAME})([ \t]*=[ \t]*)({_VALUE}|[^\s\"'&;,]+)")
#: `--hf-token VALUE`, `--password=VALUE`.
_FLAG = re.compile(r"(?<![\w-])--?([A-Za-z][A-Za-z0-9_-]*)(=|[ \t]+)([^\s\"'-][^\s\"']*|" + _VALUE + ")")
#: `"api_key": "VALUE"` in JSON or a Python dict.
_QUOTED_KEY = re.compile(rf"([\"'])({_NAME})\1([ \t]*:[ \t]*)({_VALUE}|[^\s,}}\]]+)")
#: `api_key: VALUE` on a YAML line; lower-case names only, so `KeyError: 'x'` is not taken for one.
_YAML_KEY = re.compile(r"(?m)^([ \t]*(?:-[ \t]+)?)([a-z_][a-z0-9_.-]*)([ \t]*:[ \t]+)([^\r\n#]*[^\s#])")

_HEX = re.compile(
    r"(?<![A-Za-z0-9])(?=[0-9a-fA-F]*[0-9])(?=[0-9a-fA-F]*[a-fA-F])[0-9a-fA-F]{32,}(?![A-Za-z0-9])"
)
_BASE64_RUN = re.compile(r"[A-Za-z0-9+/_-]{32,}={0,2}")
_WORDS = re.compile(r"[A-Z]?[a-z]{4,}")

#: Below these a 32+ character run reads as a name or a path rather than a random secret: a random
#: base64 string of 32 characters has an entropy above 4.0 bits per character 999 times in 1000.
_MIN_ENTROPY = 4.0
_MAX_WORDINESS = 0.4
_MIN_PATH_SEGMENT = 12
_MAX_SEPARATOR_SHARE = 1 / 8


def redact(name: str, value: str) -> str:
    """`[redacted]` when the name looks like a secret's or the value holds a credential, else the value."""
    if is_secret_name(name) or redact_text(value) != value:
        return REDACTED
    return value


def redact_text(text: str) -> str:
    """Every credential-looking substring of free text (a log, a conditions line) becomes `[redacted]`.

    Values are recognised by their shape (tokens, keys, JWTs, URL passwords, long random strings) and by
    the name they are assigned to (`HF_TOKEN=…`, `--password …`, `"api_key": …`, `Authorization: …`).
    """
    text = _CREDENTIAL.sub(REDACTED, text)
    text = _AUTH_SCHEME.sub(_redact_scheme, text)
    text = _QUOTED_KEY.sub(lambda m: _redact_group(m, name=2, value=4), text)
    text = _ASSIGNMENT.sub(lambda m: _redact_group(m, name=1, value=3), text)
    text = _FLAG.sub(lambda m: _redact_group(m, name=1, value=3), text)
    text = _YAML_KEY.sub(lambda m: _redact_group(m, name=2, value=4), text)
    text = _AUTH_HEADER.sub(lambda m: m.group(1) + m.group(2) + REDACTED, text)
    text = _HEX.sub(REDACTED, text)
    return _BASE64_RUN.sub(lambda m: REDACTED if looks_random(m.group()) else m.group(), text)


def looks_random(run: str) -> bool:
    """Whether a long base64-alphabet run looks like a random secret rather than a name or a path.

    A random string mixes cases and digits, has high entropy, few separators of one base64 alphabet,
    and few words. Tuned on random keys (about 3 in 100 of 32 characters are missed) against model ids,
    class names, kernel names and paths (none taken).
    """
    body = run.rstrip("=")
    if len(body) < 32 or not (_has(body, "a-z") and _has(body, "A-Z") and _has(body, "0-9")):
        return False
    if sum(char in "+/_-" for char in body) > len(body) * _MAX_SEPARATOR_SHARE:
        return False  # a name with parts
    if re.search("[+/]", body) and re.search("[_-]", body):
        return False  # base64 uses + and /, its URL-safe form - and _; names and paths mix them
    slashes = body.count("/")
    if slashes >= 3 and len(body) / (slashes + 1) < _MIN_PATH_SEGMENT:
        return False  # a path or a URL's
    if shannon_entropy(body) < _MIN_ENTROPY:
        return False
    return sum(map(len, _WORDS.findall(body))) <= len(body) * _MAX_WORDINESS


def shannon_entropy(text: str) -> float:
    """Bits per character of the text's own character distribution."""
    counts = Counter(text).values()
    return -sum(count / len(text) * math.log2(count / len(text)) for count in counts)


def _has(text: str, char_class: str) -> bool:
    return re.search(f"[{char_class}]", text) is not None


def _redact_scheme(match: re.Match[str]) -> str:
    credential = match.group(3)
    if not _TOKEN_LIKE.search(credential):  # "Basic Multilingual", "basic CreateTable": words
        return match.group()
    return match.group(1) + match.group(2) + REDACTED


def _redact_group(match: re.Match[str], *, name: int, value: int) -> str:
    """The match with its value group redacted when its name group names a secret."""
    found = match.group(value)
    if not is_secret_name(match.group(name)) or found.strip("\"'") in {REDACTED, ""}:
        return match.group()
    quote = found[0] if found[:1] in {'"', "'"} and found[-1:] == found[:1] and len(found) > 1 else ""
    start, end = match.span(value)
    offset = match.start()
    whole = match.group()
    return whole[: start - offset] + quote + REDACTED + quote + whole[end - offset :]
