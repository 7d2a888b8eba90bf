"""Loading bench/background's scripts in a test as `python bench/background/NAME.py` runs them.

They are scripts, not a package: run from the command line, their own folder is first on sys.path,
and library_messages.py imports its sibling cython_strings.py that way. A test loads them the same
way, once each, whichever test of the run asks first.
"""

from __future__ import annotations

import functools
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BACKGROUND = Path(__file__).parents[1] / "bench" / "background"


@functools.cache
def background_script(name: str) -> ModuleType:
    """bench/background/NAME.py, loaded with its folder on sys.path for its own imports."""
    spec = importlib.util.spec_from_file_location(name, BACKGROUND / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(BACKGROUND))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BACKGROUND))
    return module
