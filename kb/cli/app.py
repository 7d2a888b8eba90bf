"""The `kb` command: each command parses, calls one core function, and prints.

Commands live in modules by what they act on; importing this module registers them all on `app`,
in the order `kb --help` lists them.
"""

from kb.cli import add, entries, exchange, knowledge, upkeep, verify  # noqa: F401  (registers the commands)
from kb.cli.common import app

__all__ = ["app"]
