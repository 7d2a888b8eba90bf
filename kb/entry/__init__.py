"""The fault as data: an entry's content, the entry file and a folder of them (`file`, `folder`:
their files, tombstones and identity, which kb sync, kb import and the folder index read), the
validation lint, secret redaction, the three-way merge of two versions of an entry (`merging`, for
kb sync), and how entry text is shown safely on a terminal (`terminal`) and in Markdown
(`markdown`, the one escaper every page kb writes uses). Pure but for reading and writing entry
files.

May import the standard library, `kb.errors`, `kb.domains`, `kb.paths` and the guard checker's rule
validation (`kb.guards.checker`, itself stdlib-only). Never the store or a face.
"""
