"""The first-aid handbook a search that found nothing sure reads: its compiled form is the TOML's."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from kb.handbook import load_triage


def cached(tmp_path: Path) -> list[Path]:
    return list((tmp_path / "cache" / "kb").glob("handbook-*.marshal"))


def test_the_handbook_is_compiled_once_and_then_read_without_parsing_toml(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_triage.cache_clear()
    first = load_triage()
    assert "data" in first.golden and first.keywords
    assert len(cached(tmp_path)) == 1

    def no_parsing(_text: str) -> None:
        raise AssertionError("the compiled handbook was not read")

    monkeypatch.setattr(tomllib, "loads", no_parsing)
    load_triage.cache_clear()
    assert load_triage() == first


def test_two_handbooks_alike_in_size_and_time_keep_their_own_compiled_forms(tmp_path: Path) -> None:
    """Two installs of kb share the user's cache; a file's size and time do not tell them apart."""
    mine, theirs = tmp_path / "mine.toml", tmp_path / "theirs.toml"
    mine.write_text('[keywords]\n"frobnicator" = "data"\n', encoding="utf-8")
    theirs.write_text('[keywords]\n"frobnicator" = "perf"\n', encoding="utf-8")
    os.utime(theirs, ns=(mine.stat().st_atime_ns, mine.stat().st_mtime_ns))
    for _ in range(2):
        load_triage.cache_clear()
        assert load_triage(mine).keywords == {"frobnicator": "data"}
        assert load_triage(theirs).keywords == {"frobnicator": "perf"}
    assert len(cached(tmp_path)) == 2


def test_an_edited_handbook_is_read_again_and_a_damaged_cache_is_not_believed(tmp_path: Path) -> None:
    handbook = tmp_path / "domains.toml"
    handbook.write_text('[keywords]\n"frobnicator" = "data"\n', encoding="utf-8")
    load_triage.cache_clear()
    assert load_triage(handbook).keywords == {"frobnicator": "data"}
    handbook.write_text('[keywords]\n"frobnicators" = "model"\n', encoding="utf-8")
    load_triage.cache_clear()
    assert load_triage(handbook).keywords == {"frobnicators": "model"}
    assert len(cached(tmp_path)) == 1  # the older compiled form is gone
    cached(tmp_path)[0].write_bytes(b"\x00garbage")
    load_triage.cache_clear()
    assert load_triage(handbook).keywords == {"frobnicators": "model"}


@pytest.mark.parametrize("text", ["KeyError: 0", "KeyError: 'colour'", "UnicodeDecodeError: 'utf-8' codec"])
def test_an_exception_name_alone_places_no_domain(text: str) -> None:
    """`KeyError` is raised in every domain: a config key, a label map, a state dict."""
    assert load_triage().guess_domain(text) is None


def test_an_exception_name_adds_weight_to_the_words_that_place_a_domain() -> None:
    guess = load_triage().guess_domain("KeyError in the collate_fn of a DataLoader worker")
    assert guess is not None and guess.domain == "data" and "keyerror" in guess.keywords
