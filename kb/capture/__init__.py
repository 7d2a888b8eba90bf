"""The core of `kb add`: turning what a person typed into an entry, the recording flow, where the
words can come from (a log, the last miss, a commit, a triage draft, the environment), suggestions,
and the editor.

May import every package below the faces except `kb.exchange` and `kb.upkeep`; never a face.
"""
