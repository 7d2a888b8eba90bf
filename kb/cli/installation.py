"""Whether kb's own installation holds what it needs, asked only once a command failed to start.

An environment that re-pins older packages after kb was installed (a conda env holding pydantic 1,
SQLAlchemy 1.4, a Typer from 2022) breaks kb at its first import, with a traceback that names a
class or an argument rather than the version behind it. Reading every requirement's installed
version costs tens of milliseconds, so kb asks only after an import failed (kb.__main__).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import metadata

DISTRIBUTION = "ml-fault-kb"


def unmet_requirements(
    distribution: str = DISTRIBUTION,
    requires: Callable[[str], list[str] | None] = metadata.requires,
    version: Callable[[str], str] = metadata.version,
) -> list[str]:
    """What DISTRIBUTION needs, directly or through what it needs, that is missing or of a version
    outside its requirement: one `pydantic 1.10.13 (sqlmodel needs pydantic>=2.11.0)` per package."""
    from packaging.requirements import InvalidRequirement, Requirement
    from packaging.utils import canonicalize_name

    unmet: list[str] = []
    seen: set[str] = set()
    pending = [distribution]
    while pending:
        needer = pending.pop()
        try:
            lines = requires(needer) or []
        except metadata.PackageNotFoundError:
            continue
        for line in lines:
            try:
                needed = Requirement(line)
            except InvalidRequirement:
                continue
            if needed.marker is not None and not needed.marker.evaluate({"extra": ""}):
                continue
            name = canonicalize_name(needed.name)
            try:
                have = version(needed.name)
            except metadata.PackageNotFoundError:
                unmet.append(f"{needed.name} is not installed ({needer} needs {needed})")
                continue
            if needed.specifier and not needed.specifier.contains(have, prereleases=True):
                unmet.append(f"{needed.name} {have} ({needer} needs {needed})")
            elif name not in seen:
                seen.add(name)
                pending.append(needed.name)
    return unmet
