"""`kb export agents` as one use case: the repository's declared packages and its own `.kb/` folder,
read as `kb search` reads a project folder (not at all when another user owns it or others may write
it; its checks written only once a person has trusted it), with the knowledge base's entries, into
the agents' file between kb's markers (kb.exchange.agents_file).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from kb.entry.content import EntryContent
from kb.entry.folder import read_folder
from kb.errors import KbError
from kb.exchange.agents_file import AgentsFile, declared_packages, render_block, write_agents_file
from kb.layers.trust import folder_problem, is_trusted
from kb.paths import PROJECT_FOLDER
from kb.records import Record


class AgentsExport(Record):
    written: AgentsFile
    #: The file, as the repository names it (relative to its root when inside it).
    name: str
    packages: frozenset[str]
    #: The repository's own entry folder, and why it was not read (None when it was, or is absent).
    project_folder: Path
    project_folder_unread: str | None


def export_agents(
    root: Path,
    out: Path,
    budget: int,
    entries: Callable[[], Sequence[EntryContent]],
    layer: str | None = None,
) -> AgentsExport:
    """Write the known faults of the repository at ROOT into OUT (relative to ROOT unless absolute):
    its own `.kb/` entries first, then those of the knowledge base (ENTRIES reads them, once ROOT is
    known to be a folder) that name its packages, within BUDGET lines. LAYER: the layer ENTRIES come
    from when not the personal one (`kb --layer NAME export agents`), which the file's commands name."""
    from kb.verify.runner import python_shell_line

    try:
        root = root.resolve()
    except (OSError, RuntimeError):  # a loop of links (RuntimeError before Python 3.13)
        raise KbError(f"--project {root}: a loop of symbolic links, not a folder") from None
    if not root.is_dir():
        raise KbError(f"--project {root}: not a folder")
    packages = declared_packages(root)
    folder = root / PROJECT_FOLDER
    own: list[EntryContent] = []
    problem = None
    if folder.is_dir():
        problem = folder_problem(str(folder))
        if problem is None:
            own = list(read_folder(folder).contents.values())
    target = out if out.is_absolute() else root / out
    name = (target.relative_to(root) if target.is_relative_to(root) else target).as_posix()
    block = render_block(
        own,
        entries(),
        packages,
        budget,
        f"kb export agents --out {name}",
        is_trusted(str(folder)),
        others_layer=layer,
        python_line=python_shell_line,
    )
    return AgentsExport(write_agents_file(target, block), name, packages, folder, problem)
