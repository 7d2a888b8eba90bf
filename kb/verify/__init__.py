"""Proving a cause: running a validation command only when a person asked, and the four-step triage
(anchor, locate, verify, roll back).

May import `kb.search`, `kb.store`, `kb.text`, `kb.entry` and the base modules; never a face.
"""
