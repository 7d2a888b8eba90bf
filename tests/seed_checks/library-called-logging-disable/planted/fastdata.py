"""A data-loading helper library that silences logging when it is imported."""

import logging

logging.disable(logging.WARNING)  # meant to hide its own chatter; drops WARNING and below everywhere


def load(n: int) -> list[int]:
    return list(range(n))
