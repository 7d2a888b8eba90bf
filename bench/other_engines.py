"""The same search in two other engines, as cold processes: SQLite's FTS5 and tantivy (issue 31).

    python bench/other_engines.py build KB_DB FOLDER    # FOLDER/fts5.db and, if importable, FOLDER/tantivy
    python bench/other_engines.py fts5 FOLDER QUERY_FILE
    python bench/other_engines.py tantivy FOLDER QUERY_FILE

Each engine indexes the text kb's index scores (symptom, its variants, tags, key, cause path, root
cause and fix) of every active entry of KB_DB, and answers a paste with its 60 best entries by BM25
over the paste's words joined by OR: what kb's lexical stage does before its rerank, without the
rerank, the paste reader or the confidence. A query process imports its engine, opens the index,
reads the paste from QUERY_FILE and prints the keys. tantivy is not one of kb's dependencies: the
bench says so and leaves it out when it is not installed (`pip install tantivy`).
"""

from __future__ import annotations

import re
import sqlite3
import sys
from pathlib import Path

#: The words of a paste, at most this many distinct ones (kb looks up at most 64 terms).
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]{1,}|\d{2,}")
MAX_WORDS = 64
TOP = 60


def entry_texts(kb_db: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(kb_db) as conn:
        rows = conn.execute(
            "SELECT key, symptom, symptom_variants, tags, cause_path, root_cause, fix FROM entry "
            "WHERE status = 'active' ORDER BY id"
        ).fetchall()
    return [(str(row[0]), " ".join(str(part) for part in row)) for row in rows]


def paste_words(text: str) -> list[str]:
    return list(dict.fromkeys(word.lower() for word in WORD.findall(text)))[:MAX_WORDS]


def build(kb_db: Path, folder: Path) -> list[str]:
    """Both indexes of KB_DB's entries in FOLDER; the names of those built."""
    texts = entry_texts(kb_db)
    with sqlite3.connect(folder / "fts5.db") as conn:
        conn.execute("CREATE VIRTUAL TABLE entry USING fts5(key UNINDEXED, body)")
        conn.executemany("INSERT INTO entry (key, body) VALUES (?, ?)", texts)
        conn.execute("INSERT INTO entry (entry) VALUES ('optimize')")
    built = ["fts5"]
    try:
        import tantivy  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return built
    schema_builder = tantivy.SchemaBuilder()
    schema_builder.add_text_field("key", stored=True, tokenizer_name="raw")
    schema_builder.add_text_field("body", stored=False)
    schema = schema_builder.build()
    (folder / "tantivy").mkdir()
    index = tantivy.Index(schema, path=str(folder / "tantivy"))
    writer = index.writer()
    for key, body in texts:
        writer.add_document(tantivy.Document(key=key, body=body))
    writer.commit()
    writer.wait_merging_threads()
    built.append("tantivy")
    return built


def search_fts5(folder: Path, text: str) -> list[str]:
    words = paste_words(text)
    if not words:
        return []
    match = " OR ".join('"' + word.replace('"', '""') + '"' for word in words)
    with sqlite3.connect(folder / "fts5.db") as conn:
        rows = conn.execute(
            "SELECT key FROM entry WHERE entry MATCH ? ORDER BY bm25(entry) LIMIT ?", (match, TOP)
        ).fetchall()
    return [str(row[0]) for row in rows]


def search_tantivy(folder: Path, text: str) -> list[str]:
    import tantivy

    words = paste_words(text)
    if not words:
        return []
    index = tantivy.Index.open(str(folder / "tantivy"))
    searcher = index.searcher()
    query = index.parse_query(" OR ".join(words), ["body"])
    return [str(searcher.doc(address)["key"][0]) for _, address in searcher.search(query, TOP).hits]


def main() -> None:
    command = sys.argv[1]
    if command == "build":
        print(" ".join(build(Path(sys.argv[2]), Path(sys.argv[3]))))
        return
    folder, text = Path(sys.argv[2]), Path(sys.argv[3]).read_text(encoding="utf-8")
    found = search_fts5(folder, text) if command == "fts5" else search_tantivy(folder, text)
    print("\n".join(found))


if __name__ == "__main__":
    main()
