"""The fault as data, pure: an entry's content, the entry file, the validation lint, and the text an
entry shows on a terminal.

May import the standard library, `kb.errors`, `kb.domains`, `kb.paths` and the guard checker's rule
validation (`kb.guards.checker`, itself stdlib-only). Never the store, the ORM or a face.
"""
