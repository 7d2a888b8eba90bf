"""The one Markdown escaper: any text, as inline text, a code span or a block, reads back as itself
(inline, a character that hides text or acts on a terminal reads as its escape: kb.entry.visible)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from kb.entry.markdown import code_block, code_span, escape_heading, escape_line, escape_text
from kb.entry.terminal import one_line
from kb.entry.visible import HIDDEN, visible

PARSER = MarkdownIt("commonmark").enable(["table", "strikethrough"])

#: Text as entries hold it: no NUL or CR (kb.entry.content.clean_text replaces them when stored).
entry_characters = st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00\r")
entry_text = st.text(alphabet=entry_characters)
markdown_heavy = st.lists(
    st.sampled_from(
        ["|", "`", "``", "*", "_", "#", "# ", "!", "[", "](x)", "<b>", "&amp;", "~~", "$", " ", "-"]
    )
    | st.text(alphabet=entry_characters, max_size=4),
    max_size=8,
).map("".join)


def shown(markdown: str) -> str:
    """The text a renderer shows for the last paragraph or cell of MARKDOWN (breaks as newlines)."""
    inline = [token for token in PARSER.parse(markdown) if token.type == "inline"][-1]
    pieces = []
    for child in inline.children or []:
        assert child.type in {"text", "code_inline", "html_inline"}, child.type
        if child.type == "html_inline":
            assert child.content == "<br>"
            pieces.append("\n")
        else:
            pieces.append(child.content)
    return "".join(pieces)


@given(markdown_heavy.filter(lambda text: one_line(text) != ""))
def test_an_escaped_line_shows_exactly_its_text(text: str) -> None:
    assert shown(escape_line(text)) == one_line(text)
    assert shown("> " + escape_line(text)) == one_line(text)  # no heading or list inside a quote
    assert shown("- " + escape_line(text)) == one_line(text)


@given(markdown_heavy.filter(lambda text: text.strip() != ""))
def test_escaped_text_in_a_table_cell_keeps_its_line_breaks(text: str) -> None:
    cell = shown(f"| head |\n| --- |\n| {escape_text(text)} |")
    assert [line.strip() for line in cell.split("\n")] == [line.strip() for line in visible(text).split("\n")]


@given(markdown_heavy.filter(lambda text: text.strip(" ") != "" and "\n" not in text))
def test_a_code_span_holds_exactly_its_text(text: str) -> None:
    [inline] = [token for token in PARSER.parse(code_span(text)) if token.type == "inline"]
    if HIDDEN.search(text):  # a span can neither show nor escape it: escaped text instead
        assert shown(code_span(text)).strip() == visible(text).strip()  # a paragraph drops edge spaces
        return
    [span] = inline.children or []
    assert span.type == "code_inline" and span.content == text


def test_a_code_span_in_a_table_writes_each_pipe_so_gfm_keeps_the_cell() -> None:
    assert code_span("a | b", in_table=True) == "`a \\| b`"
    assert code_span("a | b") == "`a | b`"
    assert code_span("``x``") == "``` ``x`` ```"
    assert code_span("") == "" and code_span("two\nlines") == "two<br>lines"


def test_a_heading_never_closes_early() -> None:
    assert escape_heading("C# tips ##\nmore") == "C\\# tips \\#\\# more"


@given(entry_text.filter(bool))
def test_a_code_block_holds_exactly_its_text(text: str) -> None:
    tokens = [t for t in PARSER.parse(code_block(text, "sh")) if t.type == "fence"]
    assert len(tokens) == 1
    assert tokens[0].content == text + "\n"
