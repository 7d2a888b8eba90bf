"""The last command `kb run` saw fail, kept for `kb add --from-last-run`.

One JSON file in kb's data folder, written atomically: the command, how it ended, where it ran, the
environment variables that shape an ML run, and the end of its output. Everything is redacted
before it is written (a run may print a token, and CUDA_VISIBLE_DEVICES sits beside HF_TOKEN).
"""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from kb.entry.redaction import redact_text
from kb.errors import KbError
from kb.paths import write_atomically
from kb.records import Record
from kb.text.paste import find_decisive

FILE_NAME = "last-run.json"
#: How much of the output's end the record keeps: the decisive line and its context, with room.
KEPT_CHARS = 64 * 1024
#: Environment variables worth keeping with a failure: they decide devices, ranks and libraries.
#: TensorFlow's by their own prefixes: `TF_` alone is also Terraform's (TF_CLI_CONFIG_FILE, TF_VAR_*).
ENV_PREFIXES = (
    *("CUDA_", "NCCL_", "TORCH_", "PYTORCH_", "HF_", "TRANSFORMERS_", "OMP_", "MKL_", "XLA_"),
    *(
        "TF_CPP_",
        "TF_XLA_",
        "TF_GPU_",
        "TF_FORCE_",
        "TF_ENABLE_",
        "TF_NUM_",
        "TF_CUDNN_",
        "TF_DETERMINISTIC_",
    ),
    "TF_USE_",
)
ENV_NAMES = (
    "TF_CONFIG",
    "WORLD_SIZE",
    "RANK",
    "LOCAL_RANK",
    "MASTER_ADDR",
    "MASTER_PORT",
    "LD_LIBRARY_PATH",
    "VIRTUAL_ENV",
)


class LastRun(Record):
    command: str
    ending: str  # "exited with 1", "was killed by SIGKILL (signal 9) …"
    cwd: str
    at: str  # UTC, ISO 8601
    environment: str  # NAME=value lines, redacted
    output: str  # the end of the output, redacted
    #: The Python it ran in (kb.machine.python_of): `kb add --env` proposes applies_to from its
    #: environment; "" when it is unknown (or the record is older than this field).
    python: str = ""


def record_failure(
    folder: str,
    argv: Sequence[str],
    ending: str,
    output: str,
    environ: Mapping[str, str] | None = None,
    python: str | None = None,
) -> LastRun:
    """Keep this failure in FOLDER (kb's data folder) as the last run, redacted."""
    environ = os.environ if environ is None else environ
    chosen = sorted(
        f"{name}={value}"
        for name, value in environ.items()
        if name.startswith(ENV_PREFIXES) or name in ENV_NAMES
    )
    run = LastRun(
        command=redact_text(shlex.join(argv)),
        ending=ending,
        cwd=os.getcwd(),
        at=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        environment=redact_text("\n".join(chosen)),
        output=redact_text(output[-KEPT_CHARS:]),
        python=python or "",
    )
    os.makedirs(folder, exist_ok=True)
    write_atomically(os.path.join(folder, FILE_NAME), json.dumps(run._asdict(), ensure_ascii=False))
    return run


def load_last_run(folder: str) -> LastRun:
    """The last failure `kb run` kept. Raises KbError when there is none, or it cannot be read."""
    path = os.path.join(folder, FILE_NAME)
    try:
        with open(path, encoding="utf-8") as handle:
            data: Any = json.load(handle)
        kept = {name: str(data[name]) for name in LastRun._fields if name != "python"}
        return LastRun(**kept, python=str(data.get("python") or ""))
    except FileNotFoundError:
        raise KbError(
            "no failed `kb run` to take the entry from; run the command with kb run -- CMD"
        ) from None
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise KbError(f"cannot read {path}: {exc}; run the command with kb run again") from None


def entry_fields(run: LastRun) -> dict[str, str]:
    """What a new entry takes from the run: the decisive line as its symptom, the command and how it
    ended as its conditions, the environment variables as its environment. A run killed by a
    signal before it printed an error, or one that printed no error at all, has no decisive line:
    its symptom is how it ended (the progress lines it printed are not what went wrong)."""
    return {
        "symptom": ending_symptom(run) or find_decisive(run.output).line,
        "conditions": f"`{run.command}` {run.ending} (in {run.cwd}, {run.at})",
        "environment": run.environment,
    }


def ending_symptom(run: LastRun) -> str | None:
    """`python train.py was killed by SIGKILL (signal 9)` when a signal ended RUN before it printed
    an error, `python train.py exited with 3` when it printed no line that reads as an error, else
    None."""
    decisive = find_decisive(run.output)
    killed = run.ending.startswith("was killed by ") and not decisive.exception_type
    if not killed and not decisive.described:
        return None
    words = run.command.split()
    script = next((word for word in words[1:] if word.endswith(".py")), "")
    program = f"{os.path.basename(words[0]) if words else 'the command'} {script}".rstrip()
    return f"{program} {run.ending.split(' (one sender', 1)[0]}"
