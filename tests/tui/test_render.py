"""The TUI's pure pieces: an entry as Markdown, and the Library's agreement with `kb search`."""

from __future__ import annotations

import subprocess
import sys

from markdown_it import MarkdownIt

from kb.entry.content import EntryContent
from kb.paths import resolve_location
from kb.search.lookup import SearchOptions, search
from kb.tui.library import Library
from kb.tui.panes import LINE_MARK, query_text
from kb.tui.render import PROSE_BLOCKS_SHOWN, PROSE_SHOWN, entry_markdown

PARSER = MarkdownIt("commonmark")


def test_entry_text_cannot_change_the_page_structure() -> None:
    content = EntryContent(
        key="hostile",
        domain="data",
        symptom="# not a heading | not a table <b>not bold</b>",
        validation="echo ``` && echo done",
        fix="Use `torch.load(path, map_location='cpu')`.",
        symptom_variants=("* not a list item",),
    )
    page = entry_markdown(content, "active · hits 0")
    tokens = PARSER.parse(page)
    headings = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]
    assert headings == ["Also seen as"]
    assert not [t for t in tokens if t.type == "fence"]
    shown = [
        "".join(c.content for c in t.children or [] if c.type != "softbreak")
        for t in tokens
        if t.type == "inline"
    ]
    assert "$ echo ``` && echo done" in shown  # the validation, exactly, as one quoted line
    assert not any(t.type == "html_inline" for t in tokens if t.children for t in t.children)


def test_a_multi_line_symptom_is_kept_as_written() -> None:
    content = EntryContent(key="k", domain="data", symptom="Traceback:\n  File x\nValueError: bad")
    fences = [t.content for t in PARSER.parse(entry_markdown(content)) if t.type == "fence"]
    assert fences[0] == "Traceback:\n  File x\nValueError: bad\n"


def test_pasted_lines_come_back_as_lines() -> None:
    assert query_text(LINE_MARK.join(["Traceback:", "RuntimeError: x"])) == "Traceback:\nRuntimeError: x"


def test_the_library_ranks_as_kb_search_does(kb_db: str) -> None:
    library = Library(kb_db)
    library.store()
    query = "RuntimeError: DataLoader worker (pid 123) is killed by signal: Killed."
    found = library.find(query)
    response = search(query, resolve_location(kb_db), SearchOptions(limit=50, record_usage=False))
    assert [row.key for row in found.rows] == [s.candidate.record["key"] for s in response.results]
    assert found.confident == response.confident
    library.close()


def test_the_tui_draws_its_first_frame_before_loading_the_orm() -> None:
    code = "import sys, kb.tui.library, kb.tui.app; print('sqlmodel' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_the_detail_says_where_the_fix_holds() -> None:
    content = EntryContent(
        key="k", domain="data", symptom="boom", applies_to=("torch<2.2,>=2.1", "os==linux")
    )
    assert "Applies to: `torch<2.2,>=2.1`, `os==linux`" in entry_markdown(content)
    assert "Applies to" not in entry_markdown(content.replace(applies_to=()))


def test_a_long_prose_field_is_rendered_to_a_paragraphs_end_and_says_how_much_is_left() -> None:
    """A case of 100 KB in paragraphs and lists froze the screen for 15 s as the pane laid it out
    (520 KB, for minutes), on the cursor's arrival at the entry in the result list."""
    paragraph = "The shard reader stalled again.\n\n- node a\n- node b\n\n"
    content = EntryContent(key="slow", domain="data", symptom="OSError: stalled", case=paragraph * 2_000)
    page = entry_markdown(content)
    assert len(page) < PROSE_SHOWN + 2_000
    shown_case = page.split("### Case\n\n", 1)[1].split("\n\n---\n\n", 1)[0]
    kept, said = shown_case.split("\n\n*… ")
    assert said.endswith(" more characters: `kb show slow` shows them all.*")
    assert content.case.startswith(kept) and content.case[len(kept)] == "\n"  # cut at a line's end
    assert kept.count("\n\n") + kept.count("\n- ") <= PROSE_BLOCKS_SHOWN
    assert entry_markdown(content.replace(case=paragraph)).count("more characters") == 0
