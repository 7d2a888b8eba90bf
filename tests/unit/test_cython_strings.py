"""Reading back the strings a Cython 3.3 module keeps compressed (bench/background/cython_strings.py),
on modules made here byte by byte as the compiler lays them out: the index of lengths, other data,
then the LZSS blob."""

from __future__ import annotations

import struct
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tests.background_scripts import background_script

cython = background_script("cython_strings")


def compressed(text: bytes) -> bytes:
    """TEXT as Cython's LZSS writes it, greedily: a back reference (two bytes, the short form) for
    three bytes or more seen within the last 127, else a literal; a flags byte before each eight."""
    out, items, flags, at = bytearray(), bytearray(), 0, 0
    count = 0
    while at < len(text):
        best = (0, 0)
        for start in range(max(0, at - 127 - 3), at):
            length = 0
            while at + length < len(text) and length < 255 + 3 and text[start + length] == text[at + length]:
                length += 1
            offset = at - (start + length)
            if length >= 3 and 0 <= offset < 0x80 and length > best[0]:
                best = (length, offset)
        if best[0]:
            items += bytes([best[1], best[0] - 3])
            at += best[0]
        else:
            flags |= 1 << count
            items.append(text[at])
            at += 1
        count += 1
        if count == 8:
            out += bytes([flags]) + items
            items, flags, count = bytearray(), 0, 0
    if count:
        out += bytes([flags]) + items
    return bytes(out)


def module_bytes(strings: list[str], between: bytes = b"\xff\xff\xff\xff" * 40) -> bytes:
    """A made-up Cython 3.3 module holding STRINGS: the mark of its decompressor, the index, BETWEEN,
    the blob."""
    encoded = [text.encode() for text in strings]
    index = struct.pack(f"<{len(encoded)}I", *map(len, encoded))
    mark: bytes = cython.LZSS_MARK
    head = b"\x7fELF" + b"\0" * 12 + mark + b"\0" * (4 - len(mark) % 4) + b"\0" * 8
    return head + index + between + compressed(b"".join(encoded)) + b"\0" * 64


STRINGS = sorted(
    [
        " due to NA values",
        " is not supported for parsing",
        "Cannot convert {np_val} to {dtype} without overflow",
        "Integer column has NA values in column ",
        "Number of passed names did not match number of header fields in the file",
        "Only length-1 decimal markers supported",
        "Read a comma-separated file.\n\nParameters\n----------\n",
        "TextReader.read_low_memory",
        "bad quoting value",
        "usecols",
    ]
)


@given(st.binary(max_size=600))
def test_what_the_compressor_writes_the_decoder_reads_back(text: bytes) -> None:
    assert cython.lzss_decoded(compressed(text), 0, len(text)) == text


def test_a_back_reference_repeats_what_ends_that_many_bytes_before() -> None:
    # `abc` as literals, then a reference of 3 bytes ending 0 bytes back, then one of 3 ending 1 back.
    blob = bytes([0b00111, ord("a"), ord("b"), ord("c"), 0, 0, 1, 0])
    assert cython.lzss_decoded(blob, 0, 9) == b"abcabccab"


def test_a_reference_before_the_start_or_a_blob_cut_short_reads_as_nothing() -> None:
    assert cython.lzss_decoded(bytes([0b0, 5, 0]), 0, 3) is None
    assert cython.lzss_decoded(compressed(b"a message of some length"), 0, 200) is None


def test_the_strings_of_a_module_are_read_by_its_index() -> None:
    assert cython.cython_strings(module_bytes(STRINGS)) == STRINGS


def test_a_module_without_the_decompressor_holds_no_compressed_strings() -> None:
    data = module_bytes(STRINGS).replace(cython.LZSS_MARK, b"x" * len(cython.LZSS_MARK))
    assert cython.cython_strings(data) == []


def test_lengths_that_do_not_slice_the_blob_into_text_are_not_its_index() -> None:
    wrong = module_bytes(STRINGS)
    index = struct.pack(f"<{len(STRINGS)}I", *(len(text.encode()) for text in STRINGS))
    shuffled = struct.pack(f"<{len(STRINGS)}I", *(len(text.encode()) for text in reversed(STRINGS)))
    assert cython.cython_strings(wrong.replace(index, shuffled)) == []


def test_the_messages_of_a_module_have_gaps_where_its_values_go(tmp_path: Path) -> None:
    module = tmp_path / "parsers.cpython-311-x86_64-linux-gnu.so"
    module.write_bytes(module_bytes(STRINGS))
    harvest = background_script("library_messages")
    assert sorted(harvest.clean(message) for message in harvest.cython_messages(module)) == [
        "Cannot convert … to … without overflow",
        "Integer column has NA values in column …",
        "Number of passed names did not match number of header fields in the file",
        "Only length-1 decimal markers supported",
        "bad quoting value",
        "… due to NA values",
        "… is not supported for parsing",
    ]
