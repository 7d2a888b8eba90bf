"""The entry file format: render → parse is lossless, and errors name the file and line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb.domains import DOMAIN_NAMES
from kb.entry.content import EntryContent, normalized
from kb.entry.file import conflict_marker_line, parse_entry_file, read_entry_file, render_entry_file
from kb.errors import EntryFileError, UnknownDomain

HOSTILE = [
    "|",
    "`",
    "``",
    "```",
    "````",
    "~~~",
    "+++",
    "---",
    "***",
    "## Fix",
    "# Title",
    "<b>html</b>",
    "<!-- c -->",
    "\\",
    "\\|",
    "- item",
    "1. item",
    "> quote",
    "    indented",
    "\t",
    "漢字",
    "中文标签",
    "🔥",
    "emoji 🚀 ok",
    "[link](x)",
    "*em*",
    "_u_",
    "\n",
    "\n\n",
    "  ",
    '"',
    "'",
    "$HOME",
    "=",
    "[x]",
    "{",
    "}",
    "\u00a0",
    "\x7f",
    "<<<<<<< HEAD",  # an entry about a config file a merge left its markers in
    "\n||||||| base\n",
    "\n=======\n",
    "\n>>>>>>> theirs",
]

text = st.lists(st.one_of(st.sampled_from(HOSTILE), st.text(max_size=12)), max_size=8).map("".join)
short_list = st.lists(text, max_size=4).map(tuple)
keys = st.from_regex(r"[a-z0-9]{1,10}(-[a-z0-9]{1,8}){0,3}", fullmatch=True)


def build(key: str, domain: str, symptom: str, **fields: object) -> EntryContent | None:
    try:
        return normalized(EntryContent(key=key, domain=domain, symptom=symptom, **fields))  # type: ignore[arg-type]
    except Exception:
        return None


@given(
    key=keys,
    domain=st.sampled_from(DOMAIN_NAMES),
    symptom=text,
    variants=short_list,
    validation=text,
    fix=text,
    root_cause=text,
    cause_path=text,
    tags=short_list,
    conditions=text,
    environment=text,
    case=text,
    snippet=text,
    source=text,
    related=short_list,
    status=st.sampled_from(["active", "archived"]),
)
def test_render_then_parse_gives_back_the_same_entry(
    key: str,
    domain: str,
    symptom: str,
    variants: tuple[str, ...],
    validation: str,
    fix: str,
    root_cause: str,
    cause_path: str,
    tags: tuple[str, ...],
    conditions: str,
    environment: str,
    case: str,
    snippet: str,
    source: str,
    related: tuple[str, ...],
    status: str,
) -> None:
    content = build(
        key,
        domain,
        symptom if symptom.strip() else "x",
        symptom_variants=variants,
        validation=validation,
        fix=fix,
        root_cause=root_cause,
        cause_path=cause_path,
        tags=tags,
        conditions=conditions,
        environment=environment,
        case=case,
        snippet=snippet,
        source=source,
        related=related,
        status=status,
    )
    assert content is not None
    assert parse_entry_file(render_entry_file(content)) == content


@given(validation=text.filter(str.strip), cut=st.floats(0.0, 1.0, exclude_max=True))
def test_a_file_cut_short_inside_its_check_is_refused_not_read_as_a_shorter_entry(
    validation: str, cut: float
) -> None:
    """A file cut inside the check's code block (an editor or a copy that died mid-write) read as
    a teammate's edit: its check cut to "python", its fix and every later section emptied, and the
    sync carried that to everyone. Markdown runs an unclosed code block to the end of the file."""
    content = build(
        "frob", "training", "ValueError: frobnicator exploded", validation=validation, fix="set frob=0"
    )
    assert content is not None
    rendered = render_entry_file(content)
    opened = rendered.index("## Validation\n\n") + len("## Validation\n\n")
    first = rendered[opened:].split("\n", 1)[0]
    fence = first[: len(first) - len(first.lstrip(first[:1]))] if first[:1] in ("`", "~") else ""
    if len(fence) < 3:
        return  # a check that needs no code block to read back
    closing = rendered.index("\n" + fence + "\n", opened + len(first))
    end = opened + len(first) + 1 + int(cut * (closing - opened - len(first)))
    with pytest.raises(EntryFileError, match="never closes: a file cut short"):
        parse_entry_file(rendered[:end])


def test_a_readable_entry_renders_as_plain_markdown() -> None:
    content = normalized(
        EntryContent(
            key="torch-load-map-location",
            domain="deployment",
            symptom="RuntimeError: CUDA error: invalid device ordinal",
            symptom_variants=("Attempting to deserialize object on CUDA device 2",),
            validation='python -c "import torch; print(torch.cuda.device_count())"',
            fix='Pass `map_location="cpu"` to `torch.load`.',
            tags=("torch.load", "设备序号"),
        )
    )
    text = render_entry_file(content)
    assert text.startswith('+++\nkey = "torch-load-map-location"\n')
    assert "\n## Symptom\n\nRuntimeError: CUDA error: invalid device ordinal\n" in text
    assert "\n## Symptom variants\n\n- Attempting to deserialize object on CUDA device 2\n" in text
    assert "```sh\npython -c" in text
    assert '\n## Fix\n\nPass `map_location="cpu"` to `torch.load`.\n' in text


def test_a_heading_inside_a_code_fence_is_not_a_section() -> None:
    text = (
        '+++\nkey = "k"\ndomain = "data"\n+++\n\n## Symptom\n\nboom\n\n'
        "## Snippet\n\n```python\n## Fix\nx = 1\n```\n"
    )
    content = parse_entry_file(text)
    assert content.snippet == "## Fix\nx = 1"
    assert content.fix == ""


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("key = 'k'\n", 1, "starts with a '+++' line"),
        ('+++\nkey = "k"\ndomain = "data"\n', 1, "never closed"),
        ('+++\nkey = "k"\ndomain = \n+++\n## Symptom\n\nx\n', 3, "broken TOML front matter"),
        ('+++\nkey = "k"\ndomian = "data"\n+++\n## Symptom\n\nx\n', 3, "unknown front matter key 'domian'"),
        ('+++\nkey = "k"\ndomain = "data"\n+++\n\nintro\n\n## Symptom\n\nx\n', 6, "text before the first"),
        (
            '+++\nkey = "k"\ndomain = "data"\n+++\n## Symptom\n\nx\n\n## Fixx\n\ny\n',
            9,
            "unknown section '## Fixx'",
        ),
        ('+++\nkey = "k"\ndomain = "data"\n+++\n## Symptom\n\nx\n## Symptom\n\ny\n', 8, "appears twice"),
        ('+++\nkey = "k"\ndomain = "dtaa"\n+++\n## Symptom\n\nx\n', 3, "did you mean 'data'"),
        ('+++\nkey = "Not A Slug"\ndomain = "data"\n+++\n## Symptom\n\nx\n', 2, "is not a slug"),
        ('+++\nkey = "k"\ndomain = "data"\n+++\n## Symptom\n\n\n## Fix\n\nx\n', None, "symptom is empty"),
        ('+++\nkey = "k"\ndomain = "data"\n+++\n## Fix\n\nx\n', None, "no '## Symptom' section"),
    ],
)
def test_parse_errors_name_the_file_and_line(text: str, line: int | None, message: str) -> None:
    with pytest.raises(EntryFileError) as caught:
        parse_entry_file(text, "entry.md")
    assert caught.value.line == line
    assert message in str(caught.value)
    assert str(caught.value).startswith("entry.md" + (f":{line}" if line else ""))


def test_unknown_domain_in_a_file_is_reported_as_a_file_error() -> None:
    with pytest.raises(EntryFileError) as caught:
        parse_entry_file('+++\nkey = "k"\ndomain = "gpus"\n+++\n## Symptom\n\nx\n', "e.md")
    assert isinstance(caught.value.__cause__, UnknownDomain)


def test_a_file_that_is_not_utf8_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.md"
    path.write_bytes('+++\nkey = "k"\ndomain = "data"\n+++\n## Symptom\n\nd\u00e9j\u00e0\n'.encode("latin-1"))
    with pytest.raises(EntryFileError, match=r"latin1\.md:7: not UTF-8"):
        read_entry_file(path)


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("+++\nkey = 'x'\n+++\n\n## Fix\n\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> 3f2a9c1\n", 7),
        ("<<<<<<< HEAD\n+++\nkey = 'x'\n=======\n+++\nkey = 'y'\n>>>>>>> main\n", 1),
        ("+++\n<<<<<<< ours\n|||||||  base\n=======\n>>>>>>> theirs\n", 2),
        ("A heading\n=======\n\nno conflict: a setext underline\n", None),
        # a half-done resolution: one version deleted, a marker left behind, is no decision either
        ("<<<<<<< HEAD\nstarted, never finished\n", 1),
        ("## Fix\n\nfix from alice\n=======\nfix from bob\n>>>>>>> 1dbb04b (bob: better fix)\n", 6),
        ("## Fix\n\n<<<<<<< HEAD\nfix from alice\nfix from bob\n>>>>>>> 1dbb04b\n", 3),
        (">>>>>>>> eight marks are not git's\n", None),
    ],
)
def test_a_merge_conflict_is_found_where_git_left_it(text: str, line: int | None) -> None:
    assert conflict_marker_line(text) == line


def test_an_entry_whose_text_holds_conflict_markers_is_written_so_that_it_reads_back() -> None:
    """A snippet of a config a merge left its markers in was written as it was, and every reader of
    the file then refused it as a merge conflict: sync, import and edit, for the whole folder."""
    snippet = "<<<<<<< HEAD\nlr: 0.1\n=======\nlr: 0.2\n>>>>>>> branch"
    content = normalized(
        EntryContent(
            key="yaml-merge",
            domain="deployment",
            symptom="yaml.scanner.ScannerError: while scanning a simple key in config.yaml",
            symptom_variants=("<<<<<<< HEAD", "merge left\n>>>>>>> branch"),
            fix="<<<<<<< HEAD\nkeep one side",
            snippet=snippet,
        )
    )
    written = render_entry_file(content)
    assert conflict_marker_line(written) is None
    assert parse_entry_file(written) == content and parse_entry_file(written).snippet == snippet


def test_an_entry_file_with_a_merge_conflict_is_refused_at_its_line() -> None:
    text = (
        "+++\nkey = 'x'\ndomain = 'data'\n+++\n\n## Symptom\n\n<<<<<<< HEAD\nA\n=======\nB\n>>>>>>> c0ffee\n"
    )
    with pytest.raises(EntryFileError, match=r"x\.md:8: git left a merge conflict here"):
        parse_entry_file(text, "x.md")


def test_a_key_that_ends_in_a_newline_is_not_a_slug() -> None:
    """`$` matches before a final newline: a key ending in one passed the slug check."""
    from kb.entry.content import check_key
    from kb.errors import InvalidEntry

    with pytest.raises(InvalidEntry, match="is not a slug"):
        check_key("torch-load-map-location\n")


def test_an_entry_file_reads_the_same_without_its_inline_markup_parsed() -> None:
    """kb's parser leaves inline markup unparsed (half the time of reading a file): every block it
    reads an entry by, in every seed file, is the one a full CommonMark parse gives."""
    from markdown_it import MarkdownIt

    from kb.entry.file import _parser
    from kb.paths import seed_directory

    def blocks(parser: MarkdownIt, text: str) -> list[tuple[object, ...]]:
        return [(t.type, t.tag, t.map, t.level, t.nesting, t.content, t.info) for t in parser.parse(text)]

    full = MarkdownIt("commonmark")
    files = sorted(seed_directory().glob("*/*.md"))
    assert len(files) > 50
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert blocks(_parser(), text) == blocks(full, text), path.name
