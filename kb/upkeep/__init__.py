"""Keeping the knowledge base alive: the monthly review, pruning, stats and the reminder, and the
fault trees. (The seed entries are loaded where a knowledge base is opened: kb.store.seeding.)

May import `kb.store`, `kb.entry` and the base modules; never a face or another use case.
"""
