"""kb: a personal fault knowledge base for people who build and ship ML systems.

Nothing is imported here, so that `import kb` stays free for the fast `kb search` path.
"""

__version__ = "0.1.0"


def load_ipython_extension(ipython: object) -> None:
    """`%load_ext kb` (kb.integrations.ipython)."""
    from kb.integrations.ipython import load

    load(ipython)


def unload_ipython_extension(ipython: object) -> None:
    from kb.integrations.ipython import unload

    unload(ipython)
