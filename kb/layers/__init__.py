"""The layers: every knowledge base kb reads. The personal database, the team layers of
`~/.config/kb/config.toml` (a database URL or an entry folder each), and a project's own `.kb/`
folder found by walking up from the current directory (`config`); the search index kb keeps for
each entry folder (`folder_index`); one search across all of them (`everywhere`); where a write
goes (`writing`); which project folders are trusted (`trust`); what `kb layers` reports
(`status`); and a repository's known faults written for its coding agents (`agents`), which reads
its `.kb/` folder as a search does.

May import `kb.exchange`, `kb.search`, `kb.store`, `kb.text`, `kb.entry` and the base modules; never a
face.
`config` itself imports only the standard library and `kb.errors`, `kb.paths`: the fast `kb search`
reads it on every call.
"""
