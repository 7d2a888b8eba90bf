"""The only package that speaks SQL: the entry store, the ORM models, the engine and its named
migrations, the schema facts, bulk writes, and the search index's write and lean read sides; and
opening a knowledge base as every command does, created and seeded on first use (`seeding`).

Nothing is imported here: `kb search` reads the index through `kb.store.index_reader` with the
standard library's sqlite3, and must not pay for the ORM that `kb.store.entry_store` brings. May
import `kb.text`, `kb.entry` and the base modules.
"""
