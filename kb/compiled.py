"""Shipped data files kept in the form a search reads fastest, once per user.

A search is typed mid-incident and must start in a few tens of milliseconds: parsing the handbook's
TOML imports `tomllib` (about 15 ms) and compiling the background of everyday errors takes far longer.
So each is compiled once and kept in the user's cache folder, keyed as Python keys a `.pyc`: by the
source file's size and modification time (hashing it would import OpenSSL, 10 ms of a search) and the
compiled format, so a changed file or a new kb compiles again. A cache that cannot be written costs
only time; one that cannot be read is compiled again.
"""

from __future__ import annotations

import os

from kb.paths import cache_folder


def compiled_path(kind: str, source: str, version: str) -> str | None:
    """Where the compiled form of SOURCE (a file of KIND, in format VERSION) is kept; None when
    SOURCE cannot be read. Two installs of kb share the user's cache: each file keeps its own, named
    by a checksum of its real path."""
    try:
        stat = os.stat(source)
    except OSError:
        return None
    place = _checksum(os.path.realpath(source).encode("utf-8", "surrogateescape"))
    name = f"{kind}-{place:08x}-{version}-{stat.st_size}-{stat.st_mtime_ns}.marshal"
    return os.path.join(cache_folder(), name)


def _checksum(data: bytes) -> int:
    """FNV-1a's 32 bits of DATA, a path: a few microseconds in Python, where zlib's crc32 would load
    a shared library (0.3 ms of a search) and hashlib OpenSSL (10 ms)."""
    value = 0x811C9DC5
    for byte in data:
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    return value


def store_compiled(path: str, data: bytes) -> None:
    """Keep DATA at PATH for the next process, in place of any older compiled form of its kind,
    written whole or not at all."""
    import contextlib
    import tempfile

    folder, name = os.path.split(path)
    kind, place, _ = name.split("-", 2)
    older = f"{kind}-{place}-"  # this file's older forms, not another install's
    with contextlib.suppress(OSError):
        os.makedirs(folder, exist_ok=True)
        for old in os.listdir(folder):
            if old.startswith(older) and old.endswith(".marshal"):
                os.unlink(os.path.join(folder, old))
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".kb-", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            os.replace(temporary, path)
        except OSError:
            os.unlink(temporary)
