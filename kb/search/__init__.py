"""The search use case: reading a query, fetching candidates from the index, ranking them, and what
to show when nothing is confident (with kb.handbook's keyword map and golden checks).

May import `kb.store` (the lean index reader on the search path), `kb.text`, `kb.entry` and the base
modules; never a face.
"""
