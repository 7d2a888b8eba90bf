"""On a database server the search's candidates are summed by the server in one query: the same
candidates, with the same scores, as reading the postings a page at a time (kb.search.top_k)."""

from __future__ import annotations

import pytest

import kb.store.index_reader as index_reader
from kb.paths import resolve_location
from kb.search.lookup import CANDIDATES, query_terms, top_by_bm25
from kb.search.reading import analyze
from kb.store.index_reader import IndexReader

PASTES = (
    "RuntimeError: CUDA error: device-side assert triggered",
    "Traceback (most recent call last):\n"
    '  File "train.py", line 41, in <module>\n'
    "    loss = criterion(logits, labels)\n"
    '  File "/usr/lib/python3.11/site-packages/torch/nn/modules/loss.py", line 1179, in forward\n'
    "IndexError: Target 7 is out of bounds.",
    "training hangs at the first all_reduce on two nodes, nccl watchdog fires after ten minutes",
)


@pytest.mark.parametrize("paste", PASTES)
def test_a_servers_sum_gives_the_candidates_that_reading_pages_gives(
    paste: str, kb_db: str, kb_backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with IndexReader(resolve_location(kb_db)).open() as reader:
        terms = query_terms(reader, analyze(paste), ("active",))
        assert terms is not None
        summed = terms.postings.summed(terms.coefficients, 0, CANDIDATES)
        assert (summed is not None) == (kb_backend == "postgresql")  # SQLite reads pages in-process
        by_the_server = top_by_bm25(terms)
        monkeypatch.setattr(index_reader, "SUM_ON_SERVER_UP_TO", -1)
        by_pages = top_by_bm25(terms)
    assert by_the_server == by_pages
    assert by_the_server[0]
