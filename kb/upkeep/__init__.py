"""Keeping the knowledge base alive: the monthly review, pruning, stats, the fault trees, and the
seed entries.

May import `kb.store`, `kb.entry` and the base modules; never a face or another use case.
"""
