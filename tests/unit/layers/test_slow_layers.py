"""A layer that failed slowly (a team server's connect timeout) is not waited out at every search."""

from __future__ import annotations

import pytest

from kb.errors import StoreUnavailable
from kb.layers import everywhere
from kb.layers.config import Layer
from kb.search.lookup import SearchOptions

PASTE = "IndexError: Target 5 is out of bounds."
DOWN = Layer("team", "database", "postgresql+psycopg://kb@127.0.0.1:9/ml")


def test_a_layer_that_failed_slowly_is_asked_again_only_after_a_while(
    monkeypatch: pytest.MonkeyPatch, kb_db: str
) -> None:
    asked: list[str] = []

    def database(layer: Layer) -> str:
        asked.append(layer.name)
        if layer is DOWN:
            raise StoreUnavailable("connection timeout expired")
        return kb_db

    clock = [1000.0]
    monkeypatch.setattr(everywhere, "layer_database", database)
    monkeypatch.setattr("kb.layers.everywhere.time.monotonic", lambda: clock[0])
    monkeypatch.setattr(everywhere, "SLOW_FAILURE_S", 0.0)  # every failure here counts as slow
    monkeypatch.setattr(everywhere, "_FAILED_SLOWLY", {})
    personal = Layer("personal", "database", kb_db)
    options = SearchOptions(limit=3, record_usage=False)
    for _ in range(12):  # a test run's twelve failures
        found = everywhere.search_everywhere(
            "IndexError: Target 5 is out of bounds.", [personal, DOWN], options
        )
        assert found.unreachable[0].reason == "connection timeout expired"
        assert found.response.results[0].candidate.key == "cross-entropy-label-out-of-range"
    assert asked.count("team") == 1
    clock[0] += everywhere.RETRY_AFTER_S
    everywhere.search_everywhere(PASTE, [personal, DOWN], options)
    assert asked.count("team") == 2


def test_a_personal_database_that_failed_slowly_fails_again_at_once_for_a_while(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """KB_DB naming a server that takes the connection and never answers: pytest --kb waited the
    connect timeout out for every failure (32 s for ten), %load_ext kb froze the kernel as long."""
    asked: list[str] = []

    def search(*args: object, **kwargs: object) -> object:
        asked.append("personal")
        raise StoreUnavailable("connection timeout expired")

    clock = [1000.0]
    monkeypatch.setattr(everywhere, "search", search)
    monkeypatch.setattr("kb.layers.everywhere.time.monotonic", lambda: clock[0])
    monkeypatch.setattr(everywhere, "SLOW_FAILURE_S", 0.0)  # every failure here counts as slow
    monkeypatch.setattr(everywhere, "_FAILED_SLOWLY", {})
    options = SearchOptions(limit=3, record_usage=False)
    hung = "postgresql+psycopg://kb@127.0.0.1:15432/ml"
    for _ in range(10):
        with pytest.raises(StoreUnavailable, match="connection timeout expired"):
            everywhere.search_layers(PASTE, hung, options, layers=False)
    assert asked == ["personal"]
    clock[0] += everywhere.RETRY_AFTER_S
    with pytest.raises(StoreUnavailable):
        everywhere.search_layers(PASTE, hung, options, layers=False)
    assert asked == ["personal", "personal"]


def test_a_lock_held_too_long_is_not_remembered_as_a_database_that_does_not_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another writer's long transaction is its moment: the next search may well get through."""
    from kb.errors import StoreBusy

    asked: list[str] = []

    def search(*args: object, **kwargs: object) -> object:
        asked.append("personal")
        raise StoreBusy("database is locked")

    monkeypatch.setattr(everywhere, "search", search)
    monkeypatch.setattr(everywhere, "SLOW_FAILURE_S", 0.0)
    monkeypatch.setattr(everywhere, "_FAILED_SLOWLY", {})
    options = SearchOptions(limit=3, record_usage=False)
    for _ in range(3):
        with pytest.raises(StoreBusy):
            everywhere.search_layers(PASTE, "/tmp/kb.db", options, layers=False)
    assert len(asked) == 3
