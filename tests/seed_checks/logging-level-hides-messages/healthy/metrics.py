"""A metrics helper library that configures logging when it is imported."""

import logging

logging.basicConfig(level=logging.WARNING)  # attaches a handler to the root logger


def mean(values: list[float]) -> float:
    return sum(values) / len(values)
