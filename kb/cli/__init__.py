"""The command-line faces: each command parses, calls one core function, and prints.

Importing this package imports nothing, so that the fast faces (`kb.cli.fast_search`,
`kb.cli.fast_add`, built on `kb.cli.console` and the standard library) never pay for Typer. The Typer
app is `kb.cli.app`; its commands live in modules by what they act on. May import any core package
and `kb.tui.app` (to start `kb tui`); nothing in the core imports this package.
"""
