"""kb.compiled: where a shipped file's compiled form is kept."""

from __future__ import annotations

from pathlib import Path

from kb.compiled import _checksum, compiled_path


def test_the_checksum_is_fnv_1a() -> None:
    # The published test vectors of the 32-bit FNV-1a hash.
    assert [_checksum(data) for data in (b"", b"a", b"foobar")] == [0x811C9DC5, 0xE40C292C, 0xBF9CF968]


def test_each_source_has_its_own_place_and_a_change_a_new_name(tmp_path: Path) -> None:
    first, second = tmp_path / "one" / "handbook.toml", tmp_path / "two" / "handbook.toml"
    for source in (first, second):
        source.parent.mkdir()
        source.write_text("[domains]\n", encoding="utf-8")
    one, two = compiled_path("handbook", str(first), "1"), compiled_path("handbook", str(second), "1")
    assert one and two and one != two and one == compiled_path("handbook", str(first), "1")
    first.write_text("[domains]\nmore = 1\n", encoding="utf-8")
    assert compiled_path("handbook", str(first), "1") != one
    assert compiled_path("handbook", str(tmp_path / "missing.toml"), "1") is None
