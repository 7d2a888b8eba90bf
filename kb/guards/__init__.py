"""Guards, so that a known fault cannot come back: the checker and the templates that `kb export
pre-commit` and `kb export pytest` copy into users' repositories (kb.exchange.guard_files writes
those files, with the entries' guards as data beside them).

Everything here runs in other people's repositories with no kb installed: it imports only the
standard library, and kb.entry uses the checker to validate the guards an entry carries.
"""
