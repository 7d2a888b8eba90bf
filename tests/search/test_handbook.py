"""The first-aid handbook a search that found nothing sure reads: its compiled form is the TOML's."""

from __future__ import annotations

from pathlib import Path

from kb.search.handbook import load_triage


def cached(tmp_path: Path) -> list[Path]:
    return list((tmp_path / "cache" / "kb").glob("handbook-*.marshal"))


def test_the_handbook_is_compiled_once_and_read_back_the_same(tmp_path: Path) -> None:
    load_triage.cache_clear()
    first = load_triage()
    assert "data" in first.golden and first.keywords
    assert len(cached(tmp_path)) == 1
    load_triage.cache_clear()
    assert load_triage() == first


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
