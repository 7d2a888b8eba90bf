"""What the lean, Typer-free faces (`kb search`, `kb add`) share: their parser's usage errors, the
one place their errors become a line and an exit code, and plain output."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from kb.errors import KbError, UsageError


class LeanParser(argparse.ArgumentParser):
    """argparse that reports a bad command line as kb's own one-line usage error (exit 2)."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("kb ")
        raise UsageError(f"{command}: {message} (see {self.prog} --help)")


def run_reporting_errors(command: Callable[[], int]) -> int:
    """Run COMMAND; an expected failure becomes `kb: message` on stderr and its exit code."""
    try:
        return command()
    except KbError as exc:
        sys.stderr.write(f"kb: {exc}\n")
        return exc.exit_code
    except (KeyboardInterrupt, EOFError):
        sys.stderr.write("kb: interrupted; nothing was written\n")
        return 130


def echo(message: str, err: bool = False) -> None:
    (sys.stderr if err else sys.stdout).write(message + "\n")


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
