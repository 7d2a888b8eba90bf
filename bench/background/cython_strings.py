"""The strings a Cython 3.3 module keeps compressed: the text of its messages, read back.

Cython 3.3 stores a module's strings as one LZSS-compressed blob, their concatenation, and slices it
at import by an index of their lengths, an array of 32-bit units (a `struct { unsigned int length:
N; }` each) placed before the blob (Cython's Compiler/Code.py, `generate_string_constants`, and
Utility/StringTools.c, `__pyx_lzss_decompress`). `strings` finds none of them: pandas 3's `Integer
column has NA values in column {i}` is nowhere in parsers.so as text. Nothing records where the blob
and the index are, so both are found by what they must be: the blob decodes to printable text from
its first byte, and the index slices what it decodes into text a module holds (sorted, as Cython
writes them, identifiers and messages).

Standard library only.
"""

from __future__ import annotations

import itertools
import struct
from collections.abc import Iterator

#: The error a Cython 3.3 module raises when its strings do not decompress: it marks the modules
#: whose strings are LZSS-compressed.
LZSS_MARK = b"LZSS string data decompression failed"

#: An index shorter than this is no module's string table.
MIN_STRINGS = 8
#: A length no string of a module reaches.
MAX_LENGTH = 1 << 16
#: How much of a candidate blob start is decoded to ask whether it is text.
PROBE = 64
#: How far after its index a blob is looked for.
SEARCH = 1 << 16
#: The share of printable characters in text (a module's strings are identifiers and messages).
PRINTABLE_SHARE = 0.9


def lzss_decoded(data: bytes, start: int, length: int) -> bytes | None:
    """LENGTH bytes decoded from DATA at START as Cython's LZSS decoder does: a flags byte for each
    eight items, low bit first; a set bit is one literal byte, a clear one a back reference of two
    or three bytes (offset from the end of its earlier occurrence, and length less 3). None when a
    reference points before the start or DATA ends first."""
    out = bytearray()
    pos = start
    try:
        while len(out) < length:
            flags = data[pos] | 0xFF00
            pos += 1
            while flags & 0x100 and len(out) < length:
                if flags & 1:
                    out.append(data[pos])
                    pos += 1
                else:
                    low, high = data[pos], data[pos + 1]
                    pos += 2
                    if not low & 0x80:
                        offset, count = low, high
                    elif not high & 0x80:
                        offset, count = 0x80 + (((high << 2) & 0x180) | (low & 0x7F)), high & 0x1F
                    else:
                        offset, count = 0x80 + ((high & 0x7F) << 7 | (low & 0x7F)), data[pos]
                        pos += 1
                    count += 3
                    at = len(out) - offset - count
                    if at < 0:
                        return None
                    out += out[at : at + count]
                flags >>= 1
    except IndexError:
        return None
    return bytes(out[:length])


def _printable(text: bytes) -> bool:
    printable = sum(32 <= byte < 127 or byte in (9, 10) for byte in text)
    return bool(text) and printable >= PRINTABLE_SHARE * len(text)


def length_indexes(data: bytes) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Runs of aligned 32-bit lengths in DATA (each from 1 to MAX_LENGTH), at least MIN_STRINGS
    long, each with the offset where it ends: where a string table's index may be."""
    count = len(data) // 4
    units = struct.unpack(f"<{count}I", data[: count * 4])
    run: list[int] = []
    for position, unit in enumerate((*units, 0)):
        if 0 < unit < MAX_LENGTH:
            run.append(unit)
            continue
        if len(run) >= MIN_STRINGS:
            yield position * 4, tuple(run)
        run = []


def blob_after(data: bytes, index_end: int, lengths: tuple[int, ...]) -> list[str] | None:
    """The strings LENGTHS slices out of the blob that starts within SEARCH bytes after INDEX_END
    (the compiler places the blob after its index), or None: a start is one from which PROBE bytes
    decode to printable text and the whole decodes into strings sliced() takes."""
    total = sum(lengths)
    for start in range(index_end, min(len(data), index_end + SEARCH)):
        probe = lzss_decoded(data, start, min(PROBE, total))
        if probe is None or not _printable(probe):
            continue
        text = lzss_decoded(data, start, total)
        strings = None if text is None else sliced(text, lengths)
        if strings is not None:
            return strings
    return None


def sliced(text: bytes, lengths: tuple[int, ...]) -> list[str] | None:
    """TEXT cut by LENGTHS into strings, when each piece is UTF-8 and most are in order (Cython sorts
    a module's strings, in two runs: those it interns and the others); else None."""
    pieces: list[str] = []
    at = 0
    for length in lengths:
        try:
            pieces.append(text[at : at + length].decode("utf-8"))
        except UnicodeDecodeError:
            return None
        at += length
    in_order = sum(first <= second for first, second in itertools.pairwise(pieces))
    return pieces if in_order >= 0.9 * (len(pieces) - 1) else None


def cython_strings(data: bytes) -> list[str]:
    """The strings of the Cython 3.3 module DATA (the bytes of its .so): its identifiers, docstrings
    and the pieces of its messages (`Integer column has NA values in column `), or none when it is
    no such module or its table was not found. The longest index that slices the blob after it
    into strings wins."""
    if LZSS_MARK not in data:
        return []
    for index_end, lengths in sorted(length_indexes(data), key=lambda found: -len(found[1])):
        strings = blob_after(data, index_end, lengths)
        if strings is not None:
            return strings
    return []
