"""What the benchmarks share."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

KB_SCRIPT = Path(sys.executable).with_name("kb")
#: The console script as a user runs it, or the module when the script is not installed here.
KB = [str(KB_SCRIPT)] if KB_SCRIPT.exists() else [sys.executable, "-m", "kb"]


def compile_kb() -> None:
    """Measure what an installed kb runs: pip compiles its modules to bytecode at install time, but a
    source checkout under PYTHONDONTWRITEBYTECODE=1 would recompile them on every start."""
    import kb

    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(kb.__file__).parent)], check=True)
