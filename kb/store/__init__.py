"""The only package that speaks SQL.

- `connection`: the one portable connection every read and write goes through (sqlite3, psycopg, or
  SQLAlchemy Core for other URLs; on a server, a search's reader goes through `libpq` itself,
  which spares it psycopg's import), and `record`: the one record of an entry it hands out.
- `entry_store`: entries, their history, checks and sync bases, each write one transaction, over
  `entry_rows` (the entry table's statements inside it) and `opening` (connect, create or upgrade,
  and why a database cannot be opened); `index_reader`: what a search, `kb show` and `kb list`
  read; `index_writer` and `bulk_write`: the search index kept exact.
- `models` and `database`: the tables as SQLModel declares them and their named migrations, which
  only creating or upgrading a database imports (SQLAlchemy and SQLModel cost ~0.4 s).
- `stored_json`: the JSON columns' text read back by json's C scanner, without importing json.
- `schema`, `sqlite_file`: facts every open needs, in the standard library alone; `seeding`: opening a
  knowledge base as every command does, created and seeded on first use.
- `misses_here`: on a server a team shares, each user's searches that found nothing, kept in their
  own data folder rather than in the shared database.

Nothing is imported here, so each command pays for the modules it uses. May import `kb.text`,
`kb.entry` and the base modules.
"""
