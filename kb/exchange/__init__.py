"""The knowledge base in and out: Markdown tables for the team wiki, TROUBLESHOOTING.md sections,
entry folders, JSON Lines backups, the fault trees as Markdown and Mermaid, and the one Markdown
escaper all of them use.

May import `kb.upkeep` (the fault trees it renders), `kb.search` (the handbook's domain words),
`kb.store`, `kb.text`, `kb.entry` and the base modules; never a face.
"""
