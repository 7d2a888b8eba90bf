"""The search use case: reading a query, fetching candidates from the index, ranking them, and the
first-aid handbook's keyword map and golden checks for when nothing is confident.

May import `kb.store` (the lean index reader on the search path), `kb.text`, `kb.entry` and the base
modules; never a face, and never the ORM on the search path.
"""
