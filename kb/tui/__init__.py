"""`kb tui`: a Textual face over the same core as the CLI. Importing this package imports no Textual;
kb.tui.app does, and only `kb tui` imports it."""
