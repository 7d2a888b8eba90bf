"""The option table of `kb search` and `kb add`: one row per option, two parsers built from it."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from kb.cli.fast_add import TYPER_ONLY, parse_add_args
from kb.cli.fast_search import SearchArgs, parse_search_args
from kb.cli.options import ADD_OPTIONS, SEARCH_OPTIONS, Option
from tests.command_line import kb


def command_line(options: tuple[Option, ...], long: bool) -> list[str]:
    """An argv that uses every option the lean parser knows, each with a value of its kind."""
    argv: list[str] = []
    for option in options:
        if not option.lean or option.kind == "words":
            continue
        flag = option.flags[0] if long else option.flags[-1]
        if option.kind == "switch":
            argv.append(flag)
        elif option.kind == "repeated":
            argv += [flag, f"{option.name}-1", flag, f"{option.name}-2, more"]
        elif option.kind == "count":
            argv += [flag, "3"]
        elif option.name == "domain":
            argv += [flag, "hardware"]
        else:
            argv += [flag, f"{option.name} value"]
    words = [option for option in options if option.kind == "words"]
    return argv + (["device-side", "assert"] if words else [])


@pytest.mark.parametrize("long", [True, False], ids=["long flags", "short flags"])
def test_kb_search_means_the_same_on_both_parsers(
    long: bool, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = [arg for arg in command_line(SEARCH_OPTIONS, long) if arg != "--file" and arg != "-F"]
    argv.remove("file value")  # a query and a --file are exclusive; --file is checked alone below
    seen: list[SearchArgs] = []

    def capture(args: SearchArgs, layers: bool = True) -> int:
        seen.append(args)
        return 0

    monkeypatch.setattr("kb.cli.fast_search.run_search", capture)
    result = kb("search", *argv)
    assert result.exit_code == 0, result.output
    assert seen == [parse_search_args(argv)]
    assert seen[0].limit == 3 and seen[0].domain == "hardware" and seen[0].query == ["device-side", "assert"]
    for flag in ("--file", "-F"):
        seen.clear()
        assert kb("search", flag, "train.log").exit_code == 0
        assert seen == [parse_search_args([flag, "train.log"])] and seen[0].file == "train.log"


def test_a_search_with_no_options_has_the_same_defaults() -> None:
    assert parse_search_args(["x"]) == SearchArgs(query=["x"])


@pytest.mark.parametrize("long", [True, False], ids=["long flags", "short flags"])
def test_kb_add_means_the_same_on_both_parsers(
    long: bool, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = command_line(ADD_OPTIONS, long)
    seen: list[dict[str, Any]] = []

    def capture(values: dict[str, Any]) -> Any:
        seen.append(dict(values))
        raise SystemExit(0)

    monkeypatch.setattr("kb.cli.fast_add.request", capture)
    result = kb("add", *argv)
    assert result.exit_code == 0, result.output
    lean = parse_add_args(argv)
    assert seen == [lean]
    assert lean["tags"] == ["tags-1", "tags-2, more"] and lean["from_file"].name == "from_file value"
    assert all(lean[option.name] not in (None, False) for option in ADD_OPTIONS if option.lean)


def test_what_only_typer_handles() -> None:
    assert {"-h", "--help", "-e", "--edit"} == TYPER_ONLY
    assert parse_add_args([])["edit"] is False


@pytest.mark.parametrize("options", [SEARCH_OPTIONS, ADD_OPTIONS], ids=["search", "add"])
def test_every_row_is_readable_in_help(options: tuple[Option, ...]) -> None:
    for option in options:
        assert option.help.endswith((".", "]")), option.name
        assert option.kind == "switch" or (option.metavar or "").isupper(), option.name


@pytest.mark.parametrize(
    "argv",
    [
        ["--limit=3", "device-side", "assert"],
        ["-n3", "-dhardware", "device-side", "assert"],
        ["nccl", "--json", "timeout", "--all"],
        ["--", "--not-an-option", "-x"],
        ["-"],
    ],
    ids=["flag=value", "-fvalue", "words anywhere", "-- ends the options", "stdin"],
)
def test_the_lean_parser_reads_what_typer_reads(
    argv: list[str], runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[SearchArgs] = []

    def capture(args: SearchArgs, layers: bool = True) -> int:
        seen.append(args)
        return 0

    monkeypatch.setattr("kb.cli.fast_search.run_search", capture)
    result = kb("search", *argv)
    assert result.exit_code == 0, result.output
    assert seen == [parse_search_args(argv)]


def test_a_negative_number_is_a_word_of_the_query() -> None:
    """As argparse read it before: `kb search -100 ignore_index` (Click would call -1 an option)."""
    assert parse_search_args(["-100", "ignore_index"]).query == ["-100", "ignore_index"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bogus", "x"], "search: no such option: --bogus (see kb search --help)"),
        (["x", "--domain"], "search: option '--domain' requires an argument (see kb search --help)"),
        (
            ["--limit", "many", "x"],
            "search: invalid value for '--limit' / '-n': 'many' is not a whole number",
        ),
        (["-n", "0", "x"], "search: invalid value for '--limit' / '-n': must be at least 1, not 0"),
        (["-n", "-1", "x"], "search: invalid value for '--limit' / '-n': must be at least 1, not -1"),
        (["--json=yes", "x"], "search: option '--json' does not take a value"),
    ],
)
def test_a_bad_command_line_is_one_line_in_typers_words(argv: list[str], message: str) -> None:
    from kb.errors import UsageError

    with pytest.raises(UsageError) as raised:
        parse_search_args(argv)
    assert str(raised.value).startswith(message)
