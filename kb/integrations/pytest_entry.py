"""pytest's way into kb's plugin (kb.integrations.pytest_plugin), under a name no project's module has.

pytest imports every installed plugin as it starts, with or without --kb. Reached by its own name,
`kb.integrations.pytest_plugin`, kb's plugin was looked for in a project's own `kb` package or
`kb.py` whenever the project's folder comes first on sys.path (`python -m pytest`, `pythonpath =
["."]`, PYTHONPATH=.), and pytest stopped before any test ran: installing kb broke the project's
test suite. The wheel ships this file as the top-level module `kb_pytest_entry` (pyproject.toml),
which finds where `kb` is without running it: kb's own gives its plugin's hooks; another keeps
pytest running, and `--kb` then says why it looks nothing up.

It imports nothing of kb's before it knows which `kb` it would get. An editable install copies it
(hatch's force-include): after changing it, install again (`pip install -e .`).
"""

from __future__ import annotations

import importlib.util
import os
from typing import Any

#: What marks kb's own package among the `kb` a project may have.
_OWN_PLUGIN = os.path.join("integrations", "pytest_plugin.py")


def _hidden_by() -> str | None:
    """Where the `kb` that hides kb's own is, or None when `kb` is kb's."""
    try:
        spec = importlib.util.find_spec("kb")
    except (ImportError, ValueError):
        return "an unreadable `kb` module"
    if spec is None:
        return "nothing: no `kb` package"
    folders = list(spec.submodule_search_locations or ())
    if any(os.path.isfile(os.path.join(folder, _OWN_PLUGIN)) for folder in folders):
        return None
    return str(folders[0] if folders else spec.origin)


_HIDDEN_BY = _hidden_by()

if _HIDDEN_BY is None:
    from kb.integrations.pytest_plugin import (  # noqa: F401  (pytest reads the hooks off this module)
        pytest_addoption,
        pytest_configure,
        pytest_runtest_makereport,
        pytest_sessionfinish,
        pytest_terminal_summary,
    )
else:

    def pytest_addoption(parser: Any) -> None:  # type: ignore[misc]
        group = parser.getgroup("kb", "kb, the fault knowledge base")
        group.addoption("--kb", action="store_true", default=False, help="Name each failure's known fault.")

    def pytest_terminal_summary(terminalreporter: Any, config: Any) -> None:  # type: ignore[misc]
        if config.getoption("kb", False):
            terminalreporter.write_line(
                f"kb: could not look the failures up: the `kb` Python finds here is {_HIDDEN_BY},"
                " not kb's (this project's own?); run pytest where it is not first on sys.path"
            )
