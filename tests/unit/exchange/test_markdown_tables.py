"""The wiki page: render → parse is lossless, hand-written tables and TROUBLESHOOTING.md read sensibly,
and malformed input names its line."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from kb.domains import DOMAIN_NAMES
from kb.entry.content import EntryContent, normalized
from kb.entry.visible import HIDDEN
from kb.errors import EntryFileError, UsageError
from kb.exchange.markdown_tables import DEFAULT_COLUMNS, EXTRA_COLUMNS, parse_markdown, render_markdown
from kb.exchange.markdown_tokens import ImportedRow, column_field

ALL = DEFAULT_COLUMNS + EXTRA_COLUMNS

HOSTILE = [
    "|",
    "||",
    "\\|",
    "`",
    "``",
    "```",
    "\\",
    "\\\\",
    "\n",
    "\n\n",
    "<b>x</b>",
    "<script>alert(1)</script>",
    "<br>",
    "<!-- c -->",
    "&amp;",
    "&#59;",
    "&",
    "*em*",
    "**strong**",
    "_u_",
    "~~s~~",
    "[link](x)",
    "![img](y)",
    "<http://x.y>",
    "$x$",
    ";",
    "; ",
    "\\;",
    "\uff1b",
    ",",
    "\uff0c",
    "\u3001",
    "# h",
    "- item",
    "1. item",
    "> quote",
    "---",
    "| --- |",
    "  ",
    "\t",
    "漢字",
    "中文标签",
    "🔥",
    "emoji 🚀 ok",
    '"',
    "'",
    "\u00a0",
    "\u3000",
    "\x7f",
    "\u200b",
    "\ufeff",
    "\u202e",
    "\x1b[2J",
    "\U000e0041",
    "\\u200b",  # the escape typed as text, not the character
    "\\x1b",
    "\\",
]

text = st.lists(st.one_of(st.sampled_from(HOSTILE), st.text(max_size=12)), max_size=8).map("".join)
short_list = st.lists(text, max_size=4).map(tuple)
keys = st.from_regex(r"[a-z0-9]{1,10}(-[a-z0-9]{1,8}){0,3}", fullmatch=True)


@st.composite
def entries(draw: st.DrawFn) -> EntryContent:
    symptom = draw(text)
    return normalized(
        EntryContent(
            key=draw(keys),
            domain=draw(st.sampled_from(DOMAIN_NAMES)),
            symptom=symptom if symptom.strip() else "x",
            symptom_variants=draw(short_list),
            validation=draw(text),
            fix=draw(text),
            root_cause=draw(text),
            cause_path=draw(text),
            tags=draw(short_list),
            conditions=draw(text),
            environment=draw(text),
            case=draw(text),
            source=draw(text),
            related=draw(short_list),
        )
    )


entry_lists = st.lists(entries(), max_size=6, unique_by=lambda e: e.key)


def assert_no_html_from_field_text(markdown: str) -> None:
    tokens = MarkdownIt("commonmark").enable("table").parse(markdown)
    assert not [t for t in tokens if t.type == "html_block"]
    inline = [c for t in tokens for c in t.children or [] if c.type == "html_inline"]
    assert {c.content for c in inline} <= {"<br>"}


@given(entry_lists)
def test_render_then_parse_gives_back_every_exported_field(contents: list[EntryContent]) -> None:
    markdown = render_markdown(contents, columns=ALL)
    rows = parse_markdown(markdown)
    assert sorted(str(row.fields["key"]) for row in rows) == sorted(e.key for e in contents)
    by_key = {row.fields["key"]: row.fields for row in rows}
    for content in contents:
        assert by_key[content.key] == {column: getattr(content, column) for column in ALL}
    tables = [t for t in MarkdownIt("commonmark").enable("table").parse(markdown) if t.type == "table_open"]
    assert len(tables) == len({e.domain for e in contents})
    assert_no_html_from_field_text(markdown)
    assert not HIDDEN.search(markdown)  # shown as escapes: nothing in the page acts on a terminal


@given(entry_lists)
def test_the_default_columns_read_back_with_the_domain_from_the_section_heading(
    contents: list[EntryContent],
) -> None:
    rows = parse_markdown(render_markdown(contents))
    assert all(set(row.fields) == {"key", "symptom", "validation", "fix", "domain"} for row in rows)
    got = sorted(
        (r.fields["key"], r.fields["domain"], r.fields["symptom"], r.fields["validation"], r.fields["fix"])
        for r in rows
    )
    assert got == sorted((e.key, e.domain, e.symptom, e.validation, e.fix) for e in contents)


def entry(key: str, domain: str, symptom: str, **fields: object) -> EntryContent:
    return normalized(EntryContent(key=key, domain=domain, symptom=symptom, **fields))  # type: ignore[arg-type]


SAMPLE = [
    entry(
        "too-many-open-files",
        "data",
        "OSError: [Errno 24] Too many open files",
        validation="ulimit -n",
        fix="ulimit -n 65536",
        tags=("ulimit", "num_workers"),
    ),
    entry(
        "cuda-oom",
        "hardware",
        "CUDA out of memory",
        validation='nvidia-smi --query-gpu=memory.used --format=csv | grep -v "MiB"',
        fix="Reduce the batch size",
    ),
    entry("dataloader-hang", "data", "DataLoader hangs <b>forever</b>", fix="num_workers=0 to confirm"),
]


def test_a_hidden_character_is_shown_as_its_escape_and_read_back_as_the_character() -> None:
    typed = "strip it with s.lstrip('\\ufeff')"
    content = entry("bom", "data", "KeyError: '\ufeffuser_id'", fix=typed, validation="grep -c \u200b a.txt")
    markdown = render_markdown([content], columns=("symptom", "validation", "fix"))
    assert "KeyError: '\\ufeffuser\\_id'" in markdown  # the page shows `\ufeff`, a bare backslash
    assert "lstrip('\\\\ufeff')" in markdown  # a typed backslash is escaped
    assert "| grep -c \\u200b a.txt |" in markdown  # no code span: it could not show the escape
    (row,) = parse_markdown(markdown)
    assert row.fields["symptom"] == content.symptom and row.fields["fix"] == typed
    assert row.fields["validation"] == content.validation


def test_a_small_export_reads_like_a_handbook() -> None:
    assert render_markdown(SAMPLE) == (
        "# kb knowledge base\n"
        "\n"
        "## data — Data loading and pipelines\n"
        "\n"
        "| Symptom | Validation command | Fix |\n"
        "| --- | --- | --- |\n"
        '| <a id="dataloader-hang"></a>DataLoader hangs &lt;b&gt;forever&lt;/b&gt; |  | num\\_workers=0 to'
        " confirm |\n"
        '| <a id="too-many-open-files"></a>OSError: \\[Errno 24\\] Too many open files | `ulimit -n` |'
        " ulimit -n 65536 |\n"
        "\n"
        "## hardware — Hardware and environment\n"
        "\n"
        "| Symptom | Validation command | Fix |\n"
        "| --- | --- | --- |\n"
        '| <a id="cuda-oom"></a>CUDA out of memory |'
        ' `nvidia-smi --query-gpu=memory.used --format=csv \\| grep -v "MiB"` '
        "| Reduce the batch size |\n"
    )


def test_extra_columns_follow_the_defaults_with_their_headers() -> None:
    markdown = render_markdown(SAMPLE, columns=(*DEFAULT_COLUMNS, "key", "tags"), title="Team handbook")
    assert markdown.startswith("# Team handbook\n")
    assert "| Symptom | Validation command | Fix | Key | Tags |\n" in markdown
    assert "| too-many-open-files | ulimit; num\\_workers |\n" in markdown


def test_the_rendering_is_deterministic_whatever_the_input_order() -> None:
    first = render_markdown(SAMPLE, columns=ALL)
    assert render_markdown(SAMPLE, columns=ALL) == first
    assert render_markdown(list(reversed(SAMPLE)), columns=ALL) == first
    assert render_markdown([SAMPLE[1], SAMPLE[0], SAMPLE[2]], columns=ALL) == first
    assert first.endswith(" |\n") and not first.endswith("\n\n")


def test_an_empty_knowledge_base_is_just_the_title() -> None:
    assert render_markdown([]) == "# kb knowledge base\n"
    assert parse_markdown(render_markdown([])) == []


def test_hostile_html_is_escaped_and_each_domain_has_one_table() -> None:
    hostile = [
        entry("a", "data", "<script>alert(1)</script>", fix="<b>x</b>\n<img src=x onerror=y>"),
        entry("b", "data", "<!-- hidden -->", validation="echo '<b>' | cat", tags=("<i>", "&amp;")),
        entry("c", "numerics", "loss is <nan>", root_cause="<div>\n\nblock</div>"),
    ]
    markdown = render_markdown(hostile, columns=ALL)
    assert_no_html_from_field_text(markdown)
    tokens = MarkdownIt("commonmark").enable("table").parse(markdown)
    assert sum(t.type == "table_open" for t in tokens) == 2
    headings = [
        tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open" and t.tag == "h2"
    ]
    assert headings == ["data — Data loading and pipelines", "numerics — Numerics and gradients"]
    rows = {row.fields["key"]: row.fields for row in parse_markdown(markdown)}
    assert rows["a"]["fix"] == "<b>x</b>\n<img src=x onerror=y>"
    assert rows["b"]["validation"] == "echo '<b>' | cat"


@pytest.mark.parametrize(
    ("command", "cell"),
    [
        ("nvidia-smi", "`nvidia-smi`"),
        ('grep "a\\|b" log | wc -l', '`grep "a\\\\|b" log \\| wc -l`'),
        ("echo `hostname`", "`` echo `hostname` ``"),
        ("`pwd`", "`` `pwd` ``"),
        ("a ``` b", "````a ``` b````"),
        ("ls\nls -la", "ls<br>ls -la"),
        ("echo *.py [x]", "`echo *.py [x]`"),
    ],
)
def test_the_validation_is_a_code_span_that_survives_backticks_and_pipes(command: str, cell: str) -> None:
    content = entry("k", "data", "boom", validation=command)
    markdown = render_markdown([content])
    assert f'| <a id="k"></a>boom | {cell} |  |\n' in markdown
    [row] = parse_markdown(markdown)
    assert row.fields["validation"] == command


@pytest.mark.parametrize(
    ("columns", "message"),
    [
        (("symptom", "owner"), "unknown column 'owner'"),
        (("symptom", "fix", "fix"), "column 'fix' is given twice"),
        (("fix", "validation"), "must include 'symptom'"),
    ],
)
def test_bad_columns_are_a_usage_error(columns: tuple[str, ...], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        render_markdown(SAMPLE, columns=columns)


def test_a_hand_written_chinese_table() -> None:
    page = (
        "# 故障手册\n"
        "\n"
        "## 显存问题\n"
        "\n"
        "| 问题现象 | 验证命令 | 修复方案 | 根因 | 标签 |\n"
        "| :--- | :---: | --- | --- | --- |\n"
        "| CUDA out of memory | `nvidia-smi` | 减小 batch size | 显存不足 | 显存、OOM |\n"
        "| 训练卡住 | `py-spy dump --pid 1234` | 设置 num_workers=0 | 数据加载死锁 | 数据\uff1b死锁 |\n"
    )
    rows = parse_markdown(page, path="handbook.md")
    assert rows == [
        ImportedRow(
            fields={
                "symptom": "CUDA out of memory",
                "validation": "nvidia-smi",
                "fix": "减小 batch size",
                "root_cause": "显存不足",
                "tags": ("显存", "OOM"),
            },
            path="handbook.md",
            line=7,
        ),
        ImportedRow(
            fields={
                "symptom": "训练卡住",
                "validation": "py-spy dump --pid 1234",
                "fix": "设置 num_workers=0",
                "root_cause": "数据加载死锁",
                "tags": ("数据", "死锁"),
            },
            path="handbook.md",
            line=8,
        ),
    ]


def test_a_hand_written_english_table_under_a_domain_heading() -> None:
    page = (
        "## Hardware\n"
        "\n"
        "Problem | Check | Solution | Tags\n"
        "--- | --- | --- | ---\n"
        "NCCL timeout | `NCCL_DEBUG=INFO torchrun ...` "
        "| Find the rank that hangs; see [docs](https://x.y/nccl) | nccl, ddp\n"
        "\n"
        "Some prose.\n"
    )
    [row] = parse_markdown(page)
    assert row.fields == {
        "symptom": "NCCL timeout",
        "validation": "NCCL_DEBUG=INFO torchrun ...",
        "fix": "Find the rank that hangs; see docs (https://x.y/nccl)",
        "tags": ("nccl", "ddp"),
        "domain": "hardware",
    }
    assert row.line == 5


def test_a_domain_column_wins_over_the_heading_and_an_unknown_heading_names_none() -> None:
    page = (
        "## data — Data loading and pipelines\n\n"
        "| Symptom | Fix | Domain |\n| --- | --- | --- |\n| a | b | model |\n| c | d |  |\n\n"
        "## Misc\n\n"
        "| Symptom | Fix |\n| --- | --- |\n| e | f |\n"
    )
    assert [row.fields.get("domain") for row in parse_markdown(page)] == ["model", "data", None]


@pytest.mark.parametrize(
    ("header", "field"),
    [
        ("Symptoms", "symptom"),
        ("ERROR", "symptom"),
        ("报错", "symptom"),
        ("Validation command", "validation"),
        ("Verify:", "validation"),
        ("检查命令", "validation"),
        ("Fix / workaround", "fix"),
        ("解决办法", "fix"),
        ("Root-cause", "root_cause"),
        ("原因", "root_cause"),
        ("Cause path", "cause_path"),
        ("故障域", "domain"),
        ("复现条件", "conditions"),
        ("环境", "environment"),
        ("标签", "tags"),
        ("Owner", None),
        ("#", None),
    ],
)
def test_headers_are_matched_loosely(header: str, field: str | None) -> None:
    assert column_field(header) == field


def test_a_table_without_a_symptom_column_is_skipped() -> None:
    page = "| Command | Meaning |\n| --- | --- |\n| nvidia-smi | GPU status |\n"
    assert parse_markdown(page) == []


def test_a_row_with_more_cells_than_the_header_names_its_line() -> None:
    page = "# Handbook\n\n| Symptom | Fix |\n| --- | --- |\n| ok | fine |\n| a | b | c |\n"
    with pytest.raises(EntryFileError, match=r"^wiki\.md:6: this row has 3 cells") as caught:
        parse_markdown(page, path="wiki.md")
    assert caught.value.line == 6


def test_a_row_without_a_symptom_names_its_line() -> None:
    page = "| Symptom | Fix |\n| --- | --- |\n|  | fine |\n"
    with pytest.raises(EntryFileError, match=r"^wiki\.md:3: this row has no symptom"):
        parse_markdown(page, path="wiki.md")


def test_empty_rows_are_skipped() -> None:
    assert [r.line for r in parse_markdown("| Symptom | Fix |\n| --- | --- |\n|  |  |\n| a | b |\n")] == [4]


TROUBLESHOOTING = """\
# Troubleshooting

## data — Data loading and pipelines

### CUDA out of memory

#### Symptom

`RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB`

#### Cause

The batch does not fit in GPU memory.

#### Resolution

1. Reduce the batch size.
2. Enable gradient checkpointing.

#### Validation

```sh
# how much is used
$ nvidia-smi --query-gpu=memory.used --format=csv
```

## Slow start

Nothing to do here: a section without parts is not a fault.

### Notes

```
### Symptom
inside a fence, not a heading
```
"""


def test_a_troubleshooting_file_with_sub_headings() -> None:
    [row] = parse_markdown(TROUBLESHOOTING, path="TROUBLESHOOTING.md")
    assert row == ImportedRow(
        fields={
            "symptom": "RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB",
            "validation": "nvidia-smi --query-gpu=memory.used --format=csv",
            "fix": "1. Reduce the batch size.\n2. Enable gradient checkpointing.",
            "root_cause": "The batch does not fit in GPU memory.",
            "domain": "data",
        },
        path="TROUBLESHOOTING.md",
        line=5,
    )


def test_the_problem_heading_is_the_symptom_when_there_is_no_symptom_part() -> None:
    page = "## CUDA out of memory\n\n### Cause\n\nToo big a batch.\n\n### Resolution\n\nHalve it.\n"
    [row] = parse_markdown(page)
    assert row.fields == {
        "symptom": "CUDA out of memory",
        "root_cause": "Too big a batch.",
        "fix": "Halve it.",
    }
    assert row.line == 1


def test_a_troubleshooting_file_with_bold_labels() -> None:
    page = (
        "# Troubleshooting\n"
        "\n"
        "## NCCL timeout\n"
        "\n"
        "**Symptom:** `Watchdog caught collective operation timeout`\n"
        "**Cause:** one rank stopped calling the collective.\n"
        "**Fix**: set `NCCL_DEBUG=INFO` `NCCL_TIMEOUT=60` and find the rank that hangs.\n"
        "\n"
        "## Tokenizers warning after fork\n"
        "\n"
        "- **Cause:** the tokenizer was used before the DataLoader forked\n"
        "- **Solution:**\n"
        "  set TOKENIZERS_PARALLELISM=false\n"
        "- **Check:** run `echo $TOKENIZERS_PARALLELISM` in the job\n"
        "\n"
        "## Only a symptom\n"
        "\n"
        "**Symptom:** something odd\n"
        "**Check:** `dmesg`\n"
    )
    rows = parse_markdown(page)
    assert [row.line for row in rows] == [3, 9]
    assert rows[0].fields == {
        "symptom": "Watchdog caught collective operation timeout",
        "root_cause": "one rank stopped calling the collective.",
        "fix": "set NCCL_DEBUG=INFO NCCL_TIMEOUT=60 and find the rank that hangs.",
    }
    assert rows[1].fields == {
        "symptom": "Tokenizers warning after fork",
        "root_cause": "the tokenizer was used before the DataLoader forked",
        "fix": "set TOKENIZERS_PARALLELISM=false",
        "validation": "echo $TOKENIZERS_PARALLELISM",
    }


def test_a_resolution_keeps_its_sub_headings() -> None:
    page = (
        "## OOM\n\n### Resolution\n\n#### Option 1\n\nSmaller batch.\n\n#### Option 2\n\nCheckpointing.\n\n"
        "## Next\n\ntext\n"
    )
    [row] = parse_markdown(page)
    assert row.fields["fix"] == "Option 1\nSmaller batch.\nOption 2\nCheckpointing."


def test_a_symptom_with_an_empty_body_names_its_line() -> None:
    page = "# T\n\n## CUDA out of memory\n\n### Symptom\n\n### Fix\n\nReduce the batch.\n"
    with pytest.raises(EntryFileError, match=r"^T\.md:5: 'Symptom' has nothing under it"):
        parse_markdown(page, path="T.md")


def test_an_entry_file_is_not_read_as_faults() -> None:
    page = '+++\nkey = "k"\ndomain = "data"\n+++\n\n## Symptom\n\nboom\n\n## Fix\n\nfix it\n'
    assert parse_markdown(page) == []


def test_tables_and_sections_come_back_in_document_order() -> None:
    page = "## A problem\n\n**Fix:** do it\n\n## Table\n\n| Error | Fix |\n| - | - |\n| x | y |\n"
    assert [(row.line, row.fields["symptom"]) for row in parse_markdown(page)] == [(1, "A problem"), (9, "x")]


@given(line=st.text(alphabet="|\\` a>\t", max_size=12), width=st.integers(min_value=1, max_value=4))
def test_a_row_is_split_again_whenever_it_could_hold_too_many_cells(line: str, width: int) -> None:
    """Skipping the second split for rows with few pipes never hides a row markdown-it cut short."""
    from markdown_it.rules_block.table import escapedSplit

    from kb.exchange.markdown_tables import _cells_beyond

    cells = escapedSplit(line.lstrip("> \t").strip())
    if cells and cells[0] == "":
        cells.pop(0)
    if cells and cells[-1] == "":
        cells.pop()
    assert _cells_beyond(line, width) == (len(cells) if len(cells) > width else None)


def test_rows_with_escaped_pipes_or_no_outer_pipes_are_counted_right() -> None:
    page = "| Symptom | Fix |\n| --- | --- |\n| a \\| b | c \\|\n| d | e |\n"
    assert [row.fields["symptom"] for row in parse_markdown(page)] == ["a | b", "d"]
    with pytest.raises(EntryFileError, match=r"^wiki\.md:3: this row has 3 cells"):
        parse_markdown("Symptom | Fix\n--- | ---\na | b | c\n", path="wiki.md")


def test_a_table_inside_a_problem_section_is_part_of_its_text() -> None:
    page = (
        "## data\n\n### Loader hangs\n\n**Symptom:** DataLoader worker hangs\n\n**Fix:**\n\n"
        "| step | what |\n| --- | --- |\n| 1 | set `num_workers=0` |\n"
    )
    [row] = parse_markdown(page)
    assert row.fields["fix"] == "step | what\n1 | set num_workers=0"
