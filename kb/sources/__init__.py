"""Where a knowledge base is read from: layers. The personal database, the team sources of
`~/.config/kb/config.toml` (a database URL or an entry folder each), and a project's own `.kb/`
folder found by walking up from the current directory (`layers`); the search index kb keeps for
each entry folder (`folder_index`); and one search across all of them (`everywhere`).

May import `kb.search`, `kb.store`, `kb.text`, `kb.entry` and the base modules; never a face.
`layers` itself imports only the standard library and `kb.errors`, `kb.paths`: the fast `kb search`
reads it on every call.
"""
