"""Where a fix holds: an entry's `applies_to` constraints, and whether an environment meets them.

A constraint is a Python requirement specifier for a package (`torch>=2.1,<2.2`, `transformers<4.40`,
read with `packaging`, as pip reads them), or a range of one of the machine's facts:

- `python>=3.10`, `cuda<12.1` (the CUDA torch was built with), `driver<535` (the NVIDIA driver),
  `compute_capability<8.0` (the GPU's: bf16 wants 8.0), each with the same specifier syntax;
- `os==linux` (sys.platform: linux, darwin, win32).

Pure: constraints and facts in, verdicts out. kb.machine reads the facts.
"""

from collections.abc import Mapping, Sequence

from kb.errors import InvalidEntry
from kb.records import Record

#: The machine's facts a constraint may name, besides packages.
FACTS = ("python", "cuda", "driver", "compute_capability", "os")


class Constraint(Record):
    text: str  # as written, normalized
    name: str  # a fact of FACTS, or a package's normalized name
    specifier: str  # "" for any version


def parse_constraint(text: str) -> Constraint:
    """TEXT as a Constraint. Raises InvalidEntry saying what a constraint looks like."""
    from packaging.requirements import InvalidRequirement, Requirement
    from packaging.utils import canonicalize_name

    cleaned = " ".join(text.split())
    if cleaned.lower().startswith("os"):
        rest = cleaned[2:].strip()
        if rest.startswith("==") and rest[2:].strip():
            return Constraint(f"os=={rest[2:].strip().lower()}", "os", f"=={rest[2:].strip().lower()}")
    try:
        requirement = Requirement(cleaned)
    except InvalidRequirement:
        raise InvalidEntry(
            f"'{text}' is not a constraint kb can read: write a requirement (torch>=2.1,<2.2) or a range"
            f" of {', '.join(FACTS[:-1])} (cuda<12.1), or os==linux"
        ) from None
    if requirement.marker or requirement.url or requirement.extras:
        raise InvalidEntry(f"'{text}': a constraint is a name and versions only (no markers, URLs or extras)")
    lowered = requirement.name.lower()
    name = lowered if lowered in FACTS else canonicalize_name(requirement.name)
    specifier = str(requirement.specifier)
    return Constraint(f"{name}{specifier}", name, specifier)


def check_constraints(key: str, constraints: Sequence[str]) -> tuple[str, ...]:
    """CONSTRAINTS normalized, each read once; raises InvalidEntry naming the entry."""
    checked: dict[str, None] = {}
    for text in constraints:
        if text.strip():
            try:
                checked[parse_constraint(text).text] = None
            except InvalidEntry as exc:
                raise InvalidEntry(f"entry '{key}': applies_to {exc}") from None
    return tuple(checked)


def holds(constraint: Constraint, facts: Mapping[str, str | None]) -> bool | None:
    """Whether FACTS meet CONSTRAINT; None when the fact is unknown here (not installed, no GPU)."""
    from packaging.specifiers import SpecifierSet
    from packaging.version import InvalidVersion, Version

    value = facts.get(constraint.name)
    if value is None:
        return None
    if constraint.name == "os":
        return constraint.specifier == f"=={value.lower()}"
    if not constraint.specifier:
        return True
    try:
        return Version(value) in SpecifierSet(constraint.specifier)
    except InvalidVersion:
        return None


def unmet(constraints: Sequence[str], facts: Mapping[str, str | None]) -> list[str]:
    """The constraints FACTS are known not to meet, each with what was found: 'torch<2.2 (here 2.3.0)'."""
    found = []
    for text in constraints:
        constraint = parse_constraint(text)
        if holds(constraint, facts) is False:
            found.append(f"{constraint.text} (here {facts[constraint.name]})")
    return found


def series(name: str, version: str) -> str | None:
    """The release series VERSION belongs to, as a constraint on NAME: torch 2.1.2+cu121 gives
    'torch<2.2,>=2.1', driver 535.104.05 gives 'driver<536,>=535'; None for a version packaging
    cannot read. What kb proposes when it only knows where a fault was seen."""
    from packaging.version import InvalidVersion, Version

    try:
        release = Version(version).release
    except InvalidVersion:
        return None
    if name == "driver" or len(release) < 2:
        return parse_constraint(f"{name}>={release[0]},<{release[0] + 1}").text
    major, minor = release[:2]
    return parse_constraint(f"{name}>={major}.{minor},<{major}.{minor + 1}").text


def names(constraints: Sequence[str]) -> set[str]:
    """The facts and packages CONSTRAINTS name: what an environment must be asked."""
    return {parse_constraint(text).name for text in constraints}
