"""The knowledge base in and out: Markdown tables for the team wiki, TROUBLESHOOTING.md sections, entry
folders (one-shot in `transfer`, and kept in step by `folder_sync`; a folder's files, tombstones and
identity are kb.entry.folder), JSON Lines backups, the fault trees as a Markdown list or a Mermaid
chart (`fault_tree_pages`), and the guard files of `kb export pre-commit` and `kb export pytest`
(`guard_files`, which copies kb.guards beside the entries' guards). Every Markdown page escapes with
kb.entry.markdown, the one escaper.

May import `kb.upkeep` (the fault trees it renders), `kb.search` (duplicates, and the entries a
search selects), `kb.store`, `kb.text`, `kb.entry`, `kb.guards` and the base modules; never a face.
"""
