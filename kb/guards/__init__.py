"""Guards, so that a known fault cannot come back: the specs entries carry, the files `kb export
pre-commit` and `kb export pytest` write, the checker, and the templates copied into users'
repositories.

`kb.guards.checker` and `templates/` run in other people's repositories with no kb installed: they
import only the standard library. `kb.guards.export` may import `kb.entry` and the base modules.
"""
