"""The knowledge base in and out: Markdown tables for the team wiki, TROUBLESHOOTING.md sections,
entry folders (their files, tombstones and identity in `entry_folder`; one-shot, and kept in step
by `folder_sync`), JSON Lines backups, the fault trees as a Markdown list or a Mermaid chart
(`fault_tree_pages`), and the guard files of `kb export pre-commit` and `kb export pytest`
(`guard_files`, which copies kb.guards beside the entries' guards). Every Markdown page escapes with
kb.entry.markdown, the one escaper.

May import `kb.upkeep` (the fault trees it renders), `kb.search` (the handbook's domain words),
`kb.store`, `kb.text`, `kb.entry`, `kb.guards` and the base modules; never a face.
"""
