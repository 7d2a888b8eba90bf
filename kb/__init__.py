"""kb: a personal fault knowledge base for people who build and ship ML systems.

Nothing is imported here, so that `import kb` stays free for the fast `kb search` path.
"""

__version__ = "0.1.0"
