"""The postings a search reads: what scoring every entry would see, in pages, for the right entries."""

from __future__ import annotations

import random

from kb.entry.content import EntryContent
from kb.paths import resolve_location
from kb.search.ranking import idf, lexical_scores, term_coefficient
from kb.search.top_k import TermPlan, top_entries
from kb.store.entry_store import EntryStore, open_store
from kb.store.index_reader import IndexReader

WORDS = "cuda nccl timeout tensor shape loader worker killed memory device".split()


def synthetic(n: int, rng: random.Random, words: int) -> EntryContent:
    chosen = " ".join(rng.choice(WORDS) for _ in range(words))
    return EntryContent(key=f"e{n}", domain="data", symptom=f"RuntimeError: {chosen}", validation="true")


def build(db: str) -> None:
    """A bulk import, then entries added one by one, longer than the rest: the average length moves
    away from the one the stored impacts were computed with."""
    from kb.exchange.transfer import Incoming, import_entries

    rng = random.Random(5)
    with open_store(db) as store:
        import_entries(store, [Incoming(synthetic(n, rng, 4), {}, f"test:{n}") for n in range(200)])
        for n in range(200, 230):
            store.add(synthetic(n, rng, 30))
        store.set_status("e7", "archived")


def plans_and_postings(reader: IndexReader) -> tuple[list[TermPlan], dict[str, dict[int, float]], object]:
    n_docs, average = reader.corpus()
    postings = reader.postings(("active",), average)
    df = reader.document_frequencies(WORDS)
    plans = [TermPlan(w, term_coefficient(1.0, idf(df[w], n_docs)), df[w]) for w in WORDS if w in df]
    everything: dict[str, dict[int, float]] = {}
    for term, entry, impact in postings.whole(WORDS):
        everything.setdefault(term, {})[entry] = impact
    return plans, everything, postings


def test_the_top_k_read_in_pages_is_the_top_k_of_every_posting(empty_store: EntryStore, kb_db: str) -> None:
    build(kb_db)
    with IndexReader(resolve_location(kb_db)) as reader:
        plans, everything, postings = plans_and_postings(reader)
        every = [
            (term, entry, impact) for term, impacts in everything.items() for entry, impact in impacts.items()
        ]
        coefficients = {plan.term: plan.coefficient for plan in plans}
        exact = {entry: score.bm25 for entry, score in lexical_scores(every, coefficients, {}).items()}
        for k in (1, 5, 20):
            found = top_entries(plans, k, postings, whole_list=10, first_page=4)  # type: ignore[arg-type]
            best = sorted(found, key=lambda e: (-exact[e], e))[:k]
            assert best == sorted(exact, key=lambda e: (-exact[e], e))[:k]


def test_the_statistics_a_search_reads_equal_a_count(empty_store: EntryStore, kb_db: str) -> None:
    build(kb_db)
    with open_store(kb_db) as store:
        store.purge("e3")
    with IndexReader(resolve_location(kb_db)) as reader:
        count, average = reader.corpus()
        counted, mean = reader._rows("SELECT COUNT(*), AVG(length) FROM search_doc")[0]
    assert count == counted
    assert abs(average - mean) < 1e-9


def test_archived_entries_have_no_postings_a_search_reads(empty_store: EntryStore, kb_db: str) -> None:
    build(kb_db)
    with IndexReader(resolve_location(kb_db)) as reader:
        _, everything, _ = plans_and_postings(reader)
        ids = dict(reader._rows('SELECT "key", id FROM entry'))
    assert all(ids["e7"] not in entries for entries in everything.values())
    assert any(ids["e8"] in entries for entries in everything.values())


def test_entries_with_precise_matchers_are_found_by_their_index(empty_store: EntryStore) -> None:
    from kb.exchange.transfer import Incoming, import_entries

    content = EntryContent(key="m", domain="data", symptom="weird hang", validation="true")
    import_entries(empty_store, [Incoming(content, {"matchers": [{"contains": "hang at step"}]}, "t")])
    location = empty_store.location
    with IndexReader(location) as reader:
        assert len(reader.entries_with_matchers(("active",))) == 1
