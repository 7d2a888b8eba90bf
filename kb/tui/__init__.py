"""`kb tui`: the Textual face, with its own adapter over the core (`kb.tui.library`).

Importing this package imports no Textual; `kb.tui.app` does, and only `kb tui` imports it. May
import any core package; never `kb.cli`.
"""
