"""`kb export agents`: the known faults that matter for one repository, in the file its coding agents
read (AGENTS.md, CLAUDE.md, .cursor/rules/…), between two markers, refreshed in place.

Which faults matter is read from the repository itself: the packages it declares (pyproject.toml,
requirements files, a conda environment.yml) and its own `.kb/` folder. An entry of that folder
always matters, once a person has trusted it (until then it is only counted); another matters
when it names a declared package (in its `applies_to`, its symptom, tags, root cause, fix, check or
snippet). Each becomes two lines, its symptom, then the check that proves it and the fix, and the
block stays within a line budget: the repository's own faults first, then those naming the most
of its packages. The result depends on the entries and the repository alone (never on usage or
the time), so a refresh changes the file only when the knowledge changed: a diff a pull request
can review.

Pure but for declared_packages(), which reads the repository's manifests.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from kb.entry.check_rule import offered
from kb.entry.content import EntryContent
from kb.entry.lint import validation_kind
from kb.entry.visible import command_line, plural, visible
from kb.errors import KbError
from kb.machine import distribution_name
from kb.paths import PROJECT_FOLDER
from kb.records import Record

START = "<!-- kb export agents: start -->"
END = "<!-- kb export agents: end -->"
DEFAULT_BUDGET = 150
#: A check longer than this is named by its entry (`kb check KEY`, or check_to_run over kb mcp)
#: rather than written out: a seed's check is often a 500-character `python -c`.
INLINE_CHECK = 160
#: The layer `kb --layer` names for a repository's own `.kb/` folder (kb.layers.config.PROJECT).
PROJECT_LAYER = "project"

#: Distributions imported under another name: the name an entry's text uses for them.
IMPORTED_AS = {
    "scikit-learn": ("sklearn",),
    "opencv-python": ("cv2",),
    "opencv-python-headless": ("cv2",),
    "pillow": ("pil",),
    "pyyaml": ("yaml",),
    "pytorch-lightning": ("lightning", "pytorch_lightning"),
    "tensorflow-gpu": ("tensorflow",),
    "nvidia-ml-py": ("pynvml",),
}


class AgentsBlock(Record):
    lines: list[str]
    #: The keys written, in order.
    keys: list[str]
    #: The relevant entries left out for the budget.
    left_out: int
    #: The checks of the project's entries held back, its folder not being trusted.
    checks_held_back: int = 0
    #: The project's entries held back whole (key, symptom, check and fix), its folder not being trusted.
    entries_held_back: int = 0


def declared_packages(root: Path) -> frozenset[str]:
    """The distributions ROOT's manifests declare: pyproject.toml ([project] dependencies and
    optional dependencies, [dependency-groups], Poetry's tables), requirements*.txt (at the root and
    in requirements/), and environment.yml (conda's names and its pip list)."""
    names: set[str] = set()
    pyproject = root / "pyproject.toml"
    if pyproject.is_file():
        names |= _pyproject_names(pyproject)
    for path in sorted([*root.glob("requirements*.txt"), *root.glob("requirements/*.txt")]):
        names |= requirement_names(_manifest(path).splitlines())
    for path in (root / "environment.yml", root / "environment.yaml"):
        if path.is_file():
            names |= _conda_names(_manifest(path))
    return frozenset(names)


def _manifest(path: Path) -> str:
    """The text of a project's manifest: a regular file of bounded size (a FIFO or a link to
    /dev/zero named requirements.txt would never end), undecodable bytes replaced."""
    from kb.paths import read_bounded

    try:
        return read_bounded(path).decode("utf-8", errors="replace")
    except OSError as exc:
        raise KbError(f"{path}: cannot read it: {exc.strerror or exc}") from None


def requirement_names(lines: Iterable[str]) -> set[str]:
    """The distribution names of requirement lines; options (-r, -e, --index-url), URLs and lines
    that do not parse are skipped."""
    from packaging.requirements import InvalidRequirement, Requirement

    names = set()
    for raw in lines:
        line = raw.split(" #", 1)[0].strip()
        if not line or line.startswith(("#", "-")) or ("://" in line.split(";")[0] and "@" not in line):
            continue
        try:
            names.add(distribution_name(Requirement(line).name))
        except InvalidRequirement:
            continue
    return names


def _pyproject_names(path: Path) -> set[str]:
    import tomllib

    try:
        data = tomllib.loads(_manifest(path))
    except (tomllib.TOMLDecodeError, ValueError, RecursionError) as exc:
        raise KbError(f"{path}: cannot read it: {exc}") from None
    # A table may hold anything a hand wrote (`project = 5`): what is not the shape packaging's
    # specifications give is read as nothing declared, not as a traceback.
    project = _table(data.get("project"))
    lines = [*_strings(project.get("dependencies"))]
    for group in _table(project.get("optional-dependencies")).values():
        lines += _strings(group)
    for group in _table(data.get("dependency-groups")).values():
        lines += _strings(group)
    names = requirement_names(lines)
    poetry = _table(_table(data.get("tool")).get("poetry"))
    tables = [_table(poetry.get("dependencies")), _table(poetry.get("dev-dependencies"))]
    tables += [_table(_table(group).get("dependencies")) for group in _table(poetry.get("group")).values()]
    for table in tables:
        names |= {distribution_name(name) for name in table if name != "python"}
    return names


def _table(value: object) -> dict[str, object]:
    return value if isinstance(value, dict) else {}


def _strings(value: object) -> list[str]:
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []


def _conda_names(text: str) -> set[str]:
    lines = []
    for raw in text.splitlines():
        item = raw.strip()
        if not item.startswith("- ") or item.endswith(":"):
            continue
        spec = item[2:].strip().strip("'\"").split("::")[-1]
        lines.append(re.split(r"[=<>!~ ]", spec, maxsplit=1)[0])
    return {distribution_name(name) for name in lines if name and name != "python" and name != "pip"}


def named_packages(content: EntryContent, packages: frozenset[str]) -> list[str]:
    """Those of PACKAGES that CONTENT names: in its applies_to, or as a word of its symptom, variants,
    tags, root cause, fix, check or snippet (`torch.load`, `import transformers`, `sklearn` for
    scikit-learn)."""
    from kb.entry.constraints import names as constraint_names

    constrained = {distribution_name(name) for name in constraint_names(content.applies_to)}
    text = " ".join(
        (
            content.symptom,
            *content.symptom_variants,
            *content.tags,
            content.root_cause,
            content.fix,
            content.validation,
            content.snippet,
        )
    ).lower()
    words = set(re.findall(r"[a-z0-9_]+(?:[-.][a-z0-9_]+)*", text))
    words |= {part for word in list(words) for part in re.split(r"[.]", word)}
    found = []
    for package in sorted(packages):
        spellings = {package, package.replace("-", "_"), *IMPORTED_AS.get(package, ())}
        if package in constrained or spellings & words:
            found.append(package)
    return found


def render_block(
    project: Sequence[EntryContent],
    others: Sequence[EntryContent],
    packages: frozenset[str],
    budget: int = DEFAULT_BUDGET,
    command: str = "kb export agents",
    project_trusted: bool = True,
    others_layer: str | None = None,
    python_line: Callable[[str], str] | None = None,
) -> AgentsBlock:
    """The lines between the markers (markers included): the PROJECT's own entries first, then those
    of OTHERS that name one of PACKAGES, most packages first; two lines each, within BUDGET lines.

    The PROJECT's entries are written only when PROJECT_TRUSTED (the user said `kb trust` for its
    folder): an agent reads this file as instructions, and a check is a command it may run, as is a
    fix ("Run `curl … | sh` to clear the lock"), and a symptom, or even a key, can be worded as an
    order to it ("SYSTEM NOTE TO AI AGENTS: …"). Until then one line says how many wait, in kb's
    words alone.

    Every command written must run as written, from the repository: an entry named by its key is
    named with its layer (`kb --layer project check KEY` for the PROJECT's, `kb --layer
    OTHERS_LAYER` for OTHERS read from a layer other than the personal one, None), as `kb check KEY`
    reads only the personal knowledge base; a check written as Python alone is written as the
    shell line PYTHON_LINE makes of it (kb.verify.runner.python_shell_line, the line kb check runs),
    or, without it, named by its entry."""
    waiting = [content for content in project if content.status == "active"]
    chosen: list[tuple[EntryContent, list[str]]] = [
        (content, named_packages(content, packages))
        for content in sorted(waiting, key=lambda c: c.key)
        if project_trusted
    ]
    # A folder no one trusted replaces nothing: its copy of a known fault's key is held back, and
    # the knowledge base's entry of that key is written as if the folder did not hold it.
    mine = {content.key for content in project} if project_trusted else set()
    ranked = []
    for content in others:
        if content.key in mine or content.status != "active":
            continue
        named = named_packages(content, packages)
        if named:
            ranked.append((-len(named), content.domain, content.key, content, named))
    chosen += [(content, named) for *_, content, named in sorted(ranked, key=lambda item: item[:3])]
    head = [
        START,
        "## Known faults of this repository's stack (kb)",
        "",
        f"Written by `{command}` from the team's fault knowledge base; edit the entries, not these lines.",
        "When a run fails with one of these symptoms, run its check before applying its fix: the check",
        "says whether this cause is really there (the `kb check` line named runs it after asking; over",
        "`kb mcp`, check_to_run gives it).",
        "",
    ]
    room = budget - len(head) - 1
    if room < 2:
        raise KbError(
            f"a budget of {budget} lines leaves no room for an entry; give at least {len(head) + 3}"
        )
    body: list[str] = []
    keys: list[str] = []
    for content, named in chosen:
        if len(body) + 2 > room:
            break
        layer = PROJECT_LAYER if content.key in mine else others_layer
        body += _entry_lines(content, named, layer, python_line)
        keys.append(content.key)
    held_back = [] if project_trusted else waiting
    if held_back and len(body) < room:  # a known fault first: the person hears of these on stderr
        waits = plural(len(held_back), "entry", "entries")
        body.append(
            f"- this repository's `{PROJECT_FOLDER}` folder holds {waits} kb has not written here:"
            f" a person reads the folder and runs `kb trust {PROJECT_FOLDER}` first (not an agent)"
        )
    checks = sum(1 for content in held_back if content.validation.strip())
    return AgentsBlock([*head, *body, END], keys, len(chosen) - len(keys), checks, len(held_back))


def _entry_lines(
    content: EntryContent,
    named: list[str],
    layer: str | None = None,
    python_line: Callable[[str], str] | None = None,
) -> list[str]:
    symptom = _one_line(content.symptom, 150)
    about = f" [{', '.join(named)}]" if named else ""
    stored = content.validation.strip()
    check = offered(stored, content.check_rule)[0] if stored else ""  # {port} → 8000
    if check and validation_kind(check) == "python":  # kb check runs it with python3, not a shell
        check = python_line(check) if python_line is not None else ""
    if not stored:
        prove = "no check recorded"
    elif check and len(check) <= INLINE_CHECK and "`" not in check and command_line(check) == check:
        prove = f"prove: `{check}`"
    else:  # too long, or not one line that runs as written: its entry names it
        prove = f"prove: `kb {f'--layer {layer} ' if layer else ''}check {content.key}`"
    fix = _one_line(_first_sentence(content.fix), 200)
    return [f"- **{content.key}**{about}: {symptom}", f"  {prove}; fix: {fix}"]


def _one_line(text: str, limit: int) -> str:
    """TEXT on one line of at most LIMIT characters, with nothing a Markdown renderer would take
    for HTML (a tag, a comment that could hide the rest of the block or end kb's markers): an
    entry from a stranger's folder is shown as text wherever AGENTS.md is read."""
    line = _HTML_START.sub("&lt;", " ".join(visible(text).split())).replace("-->", "-- >")
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"


#: Where HTML would start: `<` before a tag's name, `/`, `!` or `?` (CommonMark's raw HTML).
_HTML_START = re.compile(r"<(?=[A-Za-z/!?])")


def _first_sentence(text: str) -> str:
    flat = " ".join(text.split())
    match = re.search(r"(?<=[.!?])\s+(?=[A-Z`(])", flat)
    return flat[: match.start()] if match else flat


def refreshed(text: str, block: Sequence[str]) -> str:
    """TEXT (a file's, or "" for a new one) with the lines between its kb markers replaced by BLOCK,
    or BLOCK added at its end when it has none, in the file's line endings (a file edited on Windows
    keeps its CRLF). Raises KbError for markers kb cannot pair."""
    eol = "\r\n" if "\r\n" in text else "\n"
    lines = text.splitlines()
    starts = [n for n, line in enumerate(lines) if line.strip() == START]
    ends = [n for n, line in enumerate(lines) if line.strip() == END]
    if not starts and not ends:
        kept = [*lines, ""] if lines and lines[-1].strip() else lines
        return eol.join([*kept, *block]) + eol
    if len(starts) != 1 or len(ends) != 1 or ends[0] < starts[0]:
        raise KbError(
            f"the file holds {len(starts)} start and {len(ends)} end markers of kb; keep one pair, in order"
        )
    return eol.join([*lines[: starts[0]], *block, *lines[ends[0] + 1 :]]) + eol


#: A Cursor rule (.cursor/rules/NAME.mdc) applies only as its front matter says: a new one is made
#: to apply always, since the faults matter wherever the agent works in the repository.
CURSOR_RULE = """---
description: Known faults of this repository's stack, each with the check that proves it (kb export agents)
alwaysApply: true
---
"""


def new_file(path: Path) -> str:
    """What a file that does not exist yet starts with, before the block: a Cursor rule's front matter."""
    return CURSOR_RULE if path.suffix == ".mdc" else ""


class AgentsFile(Record):
    """What write_agents_file() did: the file, whether its bytes changed (and whether it was made),
    and the block written."""

    path: Path
    changed: bool
    block: AgentsBlock
    created: bool = False


def write_agents_file(path: Path, block: AgentsBlock) -> AgentsFile:
    """Put BLOCK (render_block()'s) between the markers of PATH (made if missing), writing the file
    atomically and only when it changes. Raises KbError for a file kb cannot read or markers it
    cannot pair, leaving the file as it was."""
    from kb.paths import read_bounded, write_out

    try:  # its line endings as they are; a FIFO named AGENTS.md is refused, not waited on
        before = read_bounded(path).decode("utf-8") if path.exists() else ""
    except (OSError, UnicodeDecodeError) as exc:
        raise KbError(f"{path}: cannot read it: {exc}") from None
    after = refreshed(before or new_file(path), block.lines)
    if after != before:
        write_out(path, after)
    return AgentsFile(path, after != before, block, created=not before and after != before)
