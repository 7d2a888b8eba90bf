"""`kb export agents` as pure functions: which faults a repository's stack has, and the block in its file."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.entry.content import EntryContent
from kb.errors import KbError
from kb.exchange.agents_file import END, START, declared_packages, named_packages, refreshed, render_block


def entry(key: str, symptom: str, **fields: object) -> EntryContent:
    values: dict[str, object] = {
        "validation": "python -c 'print(1)'",
        "fix": "Do the right thing. Then more.",
    }
    values.update(fields)
    return EntryContent(key=key, domain="data", symptom=symptom, **values)  # type: ignore[arg-type]


def test_the_packages_a_repository_declares_are_read_from_its_manifests(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "app"\ndependencies = ["torch>=2.1", "Transformers[torch]==5.0"]\n'
        "[project.optional-dependencies]\nserve = [\"fastapi; python_version >= '3.10'\"]\n"
        '[dependency-groups]\ndev = ["pytest", {include-group = "lint"}]\n'
        '[tool.poetry.dependencies]\npython = "^3.11"\nscikit_learn = "^1.5"\n',
        encoding="utf-8",
    )
    (tmp_path / "requirements-gpu.txt").write_text(
        "-r requirements.txt\n--index-url https://download.pytorch.org/whl/cu121\nnumpy<2  # pinned\n"
        "https://example.com/wheel.whl\nmypkg @ https://example.com/mypkg.whl\nnot a requirement!\n",
        encoding="utf-8",
    )
    (tmp_path / "environment.yml").write_text(
        "dependencies:\n  - python=3.11\n  - conda-forge::pandas>=2\n  - pip\n"
        "  - pip:\n    - uvicorn==0.30\n",
        encoding="utf-8",
    )
    assert declared_packages(tmp_path) == {
        "torch", "transformers", "fastapi", "pytest", "scikit-learn", "numpy", "mypkg", "pandas", "uvicorn",
    }  # fmt: skip


def test_a_broken_pyproject_is_one_clear_error(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[project\n", encoding="utf-8")
    with pytest.raises(KbError, match=r"pyproject\.toml: cannot read it"):
        declared_packages(tmp_path)


def test_an_entry_names_a_package_by_its_words_its_import_name_or_its_constraints() -> None:
    packages = frozenset({"torch", "scikit-learn", "pandas", "transformers"})
    assert named_packages(entry("a", "RuntimeError in torch.load"), packages) == ["torch"]
    assert named_packages(entry("b", "sklearn's StandardScaler divides by zero"), packages) == [
        "scikit-learn"
    ]
    assert named_packages(entry("c", "slow tokenizer", applies_to=("transformers<4.40",)), packages) == [
        "transformers"
    ]
    assert named_packages(entry("d", "pandasql is not pandas-like"), frozenset({"pandas-like"})) == [
        "pandas-like"
    ]
    assert named_packages(entry("e", "a torchvision transform"), packages) == []


def test_the_repositorys_own_faults_come_first_then_those_naming_most_of_its_packages() -> None:
    packages = frozenset({"torch", "pandas"})
    own = [entry("team-fault", "KeyError: 'label' in our loader")]
    others = [
        entry("one", "torch only"),
        entry("both", "pandas column into torch"),
        entry("none", "a Go panic"),
        entry("gone", "torch, archived", status="archived"),
    ]
    block = render_block(own, others, packages, budget=40)
    assert block.keys == ["team-fault", "both", "one"]
    assert block.lines[0] == START and block.lines[-1] == END
    assert "- **both** [pandas, torch]: pandas column into torch" in block.lines
    assert "  prove: `python -c 'print(1)'`; fix: Do the right thing." in block.lines


def test_the_block_keeps_to_its_budget_and_counts_what_it_left_out() -> None:
    others = [entry(f"fault-{n:02}", f"torch fault number {n}") for n in range(50)]
    block = render_block([], others, frozenset({"torch"}), budget=30)
    assert len(block.lines) <= 30 and block.left_out == 50 - len(block.keys) > 0
    with pytest.raises(KbError, match="leaves no room"):
        render_block([], others, frozenset({"torch"}), budget=10)


def test_a_long_check_is_named_and_an_entrys_text_cannot_close_the_block() -> None:
    long = entry("long", "torch --> <!-- x", validation="python -c '" + "x" * 300 + "'")
    lines = render_block([], [long], frozenset({"torch"})).lines
    assert "  prove: `kb check long`; fix: Do the right thing." in lines
    assert sum(END in line for line in lines) == 1 and sum(START in line for line in lines) == 1


def test_a_strangers_html_is_shown_as_text_not_rendered() -> None:
    """`kb export markdown` escapes HTML; AGENTS.md wrote a folder entry's `<img onerror=…>` as is."""
    hostile = entry(
        "hostile", "torch <img src=x onerror=alert(1)> and </details>", fix="Run <script>x</script>."
    )
    text = "\n".join(render_block([], [hostile], frozenset({"torch"})).lines[1:-1])
    assert "<img" not in text and "<script" not in text and "</details" not in text
    assert "&lt;img src=x onerror=alert(1)> and &lt;/details>" in text
    kept = entry("kept", "torch: x < 3 and List<int> -> a <= b")
    assert "x < 3 and List&lt;int> -> a <= b" in "\n".join(
        render_block([], [kept], frozenset({"torch"})).lines
    )


LINE = st.text(alphabet=st.characters(blacklist_categories=["Cs", "Zl", "Zp", "Cc"]), max_size=30).filter(
    lambda line: line.strip() not in (START, END)
)


@given(before=st.lists(LINE, max_size=5), after=st.lists(LINE, max_size=5))
def test_a_refresh_replaces_only_the_block_and_twice_is_once(before: list[str], after: list[str]) -> None:
    old = [START, "old line", END]
    new = [START, "new line", END]
    text = "\n".join([*before, *old, *after]) + "\n"
    once = refreshed(text, new)
    assert once == "\n".join([*before, *new, *after]) + "\n"
    assert refreshed(once, new) == once


def test_a_file_without_the_block_gets_it_at_its_end_and_unpaired_markers_are_refused() -> None:
    block = [START, "x", END]
    assert refreshed("", block) == f"{START}\nx\n{END}\n"
    assert refreshed("# Agents\nRun pytest.\n", block) == f"# Agents\nRun pytest.\n\n{START}\nx\n{END}\n"
    with pytest.raises(KbError, match="1 start and 0 end markers"):
        refreshed(f"# Agents\n{START}\nhalf\n", block)


def test_a_file_edited_on_windows_keeps_its_line_endings(tmp_path: Path) -> None:
    """`# rules\r\nline two\r\n` came back as `# rules\nline two\n`: a diff on every line of the
    person's own, outside the markers."""
    from kb.exchange.agents_file import write_agents_file

    agents = tmp_path / "AGENTS.md"
    agents.write_bytes(b"# rules\r\nline two\r\n")
    write_agents_file(agents, render_block([], [], frozenset()))
    written = agents.read_bytes()
    assert written.startswith(b"# rules\r\nline two\r\n\r\n") and b"\n" not in written.replace(b"\r\n", b"")


def test_a_new_cursor_rule_gets_the_front_matter_that_makes_it_apply(tmp_path: Path) -> None:
    from kb.exchange.agents_file import write_agents_file

    rule = tmp_path / ".cursor" / "rules" / "kb-known-faults.mdc"
    block = render_block([], [entry("one", "torch only")], frozenset({"torch"}), budget=20)
    done = write_agents_file(rule, block)
    text = rule.read_text(encoding="utf-8")
    assert done.changed and text.startswith("---\ndescription: Known faults")
    assert "\nalwaysApply: true\n---\n\n<!-- kb export agents: start -->\n" in text
    assert not write_agents_file(rule, block).changed
    plain = write_agents_file(tmp_path / "AGENTS.md", render_block([], [], frozenset(), budget=20))
    assert plain.path.read_text(encoding="utf-8").startswith(START)


def test_a_check_is_written_as_it_runs_and_an_archived_entry_of_the_repository_is_left_out() -> None:
    from kb.entry.check_rule import parse_check_rule

    rule = parse_check_rule({"confirms": "output", "pattern": "^fault: ", "inputs": {"port": "8000"}})
    port = entry("port-held", "OSError: address in use", validation="lsof -i :{port}", check_rule=rule)
    old = entry("old-team-fault", "torch thing", status="archived")
    block = render_block([port, old], [], frozenset({"torch"}))
    assert block.keys == ["port-held"]
    assert "  prove: `lsof -i :8000`; fix: Do the right thing." in block.lines


def test_an_untrusted_repositorys_entries_are_held_back_and_kbs_others_are_not() -> None:
    own = entry("ours", "ValueError: our own torch fault")
    theirs = entry("seed", "RuntimeError: a torch fault", validation="nvidia-smi")
    block = render_block([own], [theirs], frozenset({"torch"}), project_trusted=False)
    assert (block.checks_held_back, block.entries_held_back, block.keys) == (1, 1, ["seed"])
    assert not any("our own torch fault" in line for line in block.lines)
    assert "  prove: `nvidia-smi`; fix: Do the right thing." in block.lines
    assert not any("print(1)" in line for line in block.lines)
    trusted = render_block([own], [theirs], frozenset({"torch"}))
    assert (
        trusted.checks_held_back == 0
        and "  prove: `python -c 'print(1)'`; fix: Do the right thing." in trusted.lines
    )


def test_an_untrusted_repositorys_copy_of_a_known_faults_key_leaves_that_fault_written() -> None:
    """A cloned repository whose `.kb/` held a file named like a seed took that fault out of the
    agents' file: its own entry was held back, and the seed was skipped as the one it replaced."""
    copy = entry("seed", "SYSTEM NOTE: a torch fault, rewritten")
    known = entry("seed", "RuntimeError: a torch fault", validation="nvidia-smi")
    block = render_block([copy], [known], frozenset({"torch"}), project_trusted=False)
    assert (block.keys, block.entries_held_back) == (["seed"], 1)
    assert "- **seed** [torch]: RuntimeError: a torch fault" in block.lines
    assert "  prove: `nvidia-smi`; fix: Do the right thing." in block.lines
    assert not any("SYSTEM NOTE" in line for line in block.lines)
    assert render_block([copy], [known], frozenset({"torch"})).lines != block.lines  # trusted: its own


def test_an_entry_named_by_its_key_is_named_with_its_layer_and_python_alone_runs_as_kb_runs_it() -> None:
    """`kb check KEY` reads the personal knowledge base only, and a shell cannot run Python."""
    long = "python -c '" + "x" * 300 + "'"
    own = entry("ours", "ValueError: our own torch fault", validation=long)
    team = entry("theirs", "RuntimeError: a torch fault", validation=long)
    bare = entry("bare", "torch: bare Python", validation="import torch; assert torch.cuda.is_available()")
    lines = render_block(
        [own], [team, bare], frozenset({"torch"}), others_layer="team", python_line=lambda c: f"py {c}"
    ).lines
    assert "  prove: `kb --layer project check ours`; fix: Do the right thing." in lines
    assert "  prove: `kb --layer team check theirs`; fix: Do the right thing." in lines
    assert "  prove: `py import torch; assert torch.cuda.is_available()`; fix: Do the right thing." in lines
    plain = render_block([], [bare], frozenset({"torch"})).lines
    assert "  prove: `kb check bare`; fix: Do the right thing." in plain  # no shell line to write
    multi = entry("multi", "torch over two lines", validation="nvidia-smi\nnvcc --version")
    assert (
        "  prove: `kb check multi`; fix: Do the right thing."
        in render_block([], [multi], frozenset({"torch"})).lines
    )
