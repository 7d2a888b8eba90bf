"""Ranking as pure functions: fusion, the decoy tie-break, precise matchers, the non-ML gate."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from kb.search.ranking import (
    Candidate,
    LexicalScore,
    fuzzy_similarity,
    idf,
    lexical_scores,
    rank,
    term_coefficient,
)
from kb.search.reading import _printed_as_one_line, analyze, foreign_runtime
from kb.text.paste import signature


def candidate(
    key: str,
    symptom: str,
    *,
    hits: int = 0,
    matchers: tuple[dict[str, Any], ...] = (),
    matched: dict[str, float] | None = None,
    types: tuple[str, ...] = (),
) -> Candidate:
    lexical = LexicalScore(bm25=sum((matched or {}).values()), matched=dict(matched or {}))
    return Candidate(
        entry_id=hash(key) % 10_000,
        key=key,
        hits=hits,
        signatures=(signature(symptom),),
        exception_types=types,
        matchers=matchers,
        lexical=lexical,
        record={"key": key, "domain": "data"},
    )


def test_the_blend_prefers_the_exact_error_over_a_generic_subset() -> None:
    query = signature("RuntimeError: CUDA error: device-side assert triggered")
    exact = fuzzy_similarity(query, [signature("RuntimeError: CUDA error: device-side assert triggered")])
    generic = fuzzy_similarity(query, [signature("RuntimeError: CUDA error")])
    assert exact == 1.0
    assert generic < 0.85


def test_rank_puts_the_literal_match_first_and_explains_it() -> None:
    query = analyze("IndexError: Target -1 is out of bounds.")
    idf = dict.fromkeys(query.term_weights, 2.0)
    right = candidate(
        "label-out-of-range",
        "IndexError: Target -1 is out of bounds.",
        types=("IndexError",),
        matched={"target": 2.0, "bound": 2.0, "indexerror": 2.0},
    )
    wrong = candidate(
        "index-select",
        "IndexError: index out of range in self",
        types=("IndexError",),
        matched={"indexerror": 2.0, "index": 1.0},
    )
    ranked = rank(query, [wrong, right], idf)
    assert [s.candidate.key for s in ranked] == ["label-out-of-range", "index-select"]
    assert ranked[0].confident and not ranked[1].confident
    assert "fuzzy" in ranked[0].why and "target" in ranked[0].why


def test_a_precise_matcher_overrides_the_fuzzy_score() -> None:
    query = analyze("NCCL WARN Cuda failure 'peer access is not supported between these two devices'")
    matcher = candidate(
        "nccl-p2p", "something unrelated", matchers=({"contains": "peer access is not supported"},)
    )
    other = candidate("other", "NCCL WARN Cuda failure", matched={"nccl": 3.0, "cuda": 1.0})
    ranked = rank(query, [other, matcher], dict.fromkeys(query.term_weights, 1.0))
    assert ranked[0].candidate.key == "nccl-p2p"
    assert ranked[0].score == 100.0 and ranked[0].confident


def test_hits_only_break_ties() -> None:
    query = analyze("some error text")
    a = candidate("a", "some error text", hits=0)
    b = candidate("b", "some error text", hits=5)
    ranked = rank(query, [a, b], dict.fromkeys(query.term_weights, 1.0))
    assert ranked[0].candidate.key == "b" and ranked[0].score == ranked[1].score


def test_pastes_from_other_runtimes_are_never_confident() -> None:
    java = 'Exception in thread "main" java.lang.NullPointerException\n\tat com.acme.App.main(App.java:14)'
    go = "panic: runtime error: index out of range [5] with length 3\n\ngoroutine 1 [running]:\nmain.main()"
    js = "TypeError: Cannot read properties of undefined (reading 'map')\n    at App (/src/App.js:12:19)"
    mysql = "ERROR 1045 (28000): Access denied for user 'app'@'10.0.0.7' (using password: YES)"
    postgres = 'psql: error: connection to server at "db" (10.0.0.8), port 5432 failed: timeout expired'
    for paste in (java, go, js, mysql, postgres):
        assert foreign_runtime(paste) is not None
        query = analyze(paste)
        same = candidate("same", query.decisive.line, matched=dict.fromkeys(query.term_weights, 3.0))
        assert not rank(query, [same], dict.fromkeys(query.term_weights, 3.0))[0].confident


def test_an_ml_paste_that_mentions_node_modules_is_not_foreign() -> None:
    paste = "torch CUDA out of memory while node_modules was being built; tensor of 2 GiB, loss nan"
    assert foreign_runtime(paste) is None


def test_bm25_rewards_rare_words() -> None:
    term_idf = {"nccl": idf(1, 100), "error": idf(50, 100)}
    coefficients = {term: term_coefficient(1.0, value) for term, value in term_idf.items()}
    postings = [
        (
            "nccl",
            1,
            0.4,
        ),
        ("error", 1, 0.4),
        ("error", 2, 0.7),
    ]
    scores = lexical_scores(postings, coefficients, term_idf)
    assert scores[1].bm25 > scores[2].bm25
    assert scores[1].matched == term_idf


def test_bm25_does_not_depend_on_the_order_postings_come_in() -> None:
    coefficients = {"a": 0.1, "b": 0.2, "c": 0.3}
    postings = [("a", 1, 0.3), ("b", 1, 0.6), ("c", 1, 0.7)]
    forward = lexical_scores(postings, coefficients, {})[1].bm25
    assert lexical_scores(postings[::-1], coefficients, {})[1].bm25 == forward


def test_the_quoted_names_tell_two_faults_of_one_exception_class_apart() -> None:
    """Both say `ImportError: cannot import name …`; only the name says which library moved."""
    query = analyze("ImportError: cannot import name 'tree_multimap' from 'jax.tree_util'")
    idf = dict.fromkeys(query.term_weights, 2.0)
    hub = candidate(
        "hub-cached-download-removed",
        "ImportError: cannot import name 'cached_download' from 'huggingface_hub'",
        types=("ImportError",),
        matched={"cannot": 2.0, "import": 2.0, "name": 2.0, "importerror": 2.0},
    )
    jax = candidate(
        "jax-tree-multimap-removed",
        "AttributeError: module 'jax' has no attribute 'tree_multimap'",
        types=("AttributeError",),
        matched={"tree_multimap": 2.0, "multimap": 2.0, "jax": 2.0},
    )
    ranked = rank(query, [hub, jax], idf)
    assert ranked[0].candidate.key == "jax-tree-multimap-removed"
    assert ranked[1].parts["type"] == 0.0  # the same class, about another name, is not a type match


def test_a_common_exception_class_in_common_says_less_than_a_rare_one() -> None:
    query = analyze("RuntimeError: FlashAttention backward for head dim > 64 requires A100 or H100")
    same_class = candidate("same-class", "RuntimeError: something else entirely", types=("RuntimeError",))
    common = dict.fromkeys(query.term_weights, 1.0)
    rare = dict(common, runtimeerror=6.0)
    generic = rank(query, [same_class], common)[0].parts["type"]
    telling = rank(query, [same_class], rare)[0].parts["type"]
    assert telling == 1.0 and 0 < generic < 0.5


def test_an_assertion_is_weighed_by_its_message_not_by_its_class() -> None:
    """`assert` raises AssertionError whatever failed: sharing the class with an entry whose symptom
    is another assertion is no evidence, and the class's name is not a word of the deciding line."""
    query = analyze("AssertionError: negative BCE loss -0.0044 at step 27")
    weights = query.term_weights
    assert weights.get("assertionerror", 0.0) < weights["negativ"] == 1.0
    assert query.readings[0].short_type == ""
    other_assertion = candidate(
        "tokenizer", "AssertionError: You need to instantiate the tokenizer", types=("AssertionError",)
    )
    ranked = rank(query, [other_assertion], dict.fromkeys(query.term_weights, 3.0))
    assert ranked[0].parts["type"] == 0.0


def test_a_library_message_raised_as_an_assertion_still_matches_its_entry() -> None:
    message = (
        "You need to instantiate RobertaTokenizerFast with add_prefix_space=True"
        " to use it with pretokenized inputs."
    )
    query = analyze(f"AssertionError: {message}")
    entry = candidate("tokenizer", f"AssertionError: {message}", types=("AssertionError",))
    assert rank(query, [entry], dict.fromkeys(query.term_weights, 3.0))[0].parts["fuzzy"] > 0.9


def test_guard_findings_are_the_keys_a_guards_rendered_finding_names() -> None:
    from kb.search.ranking import guard_findings

    text = "E   /repo/train.py:12:4: [torch-load-map-location] CUDA error\nsrc/a.py:3:1: [x-y] z"
    assert guard_findings(text) == {"torch-load-map-location", "x-y"}
    assert guard_findings("IndexError: list [0] out of range") == frozenset()
    assert guard_findings("a.py:1:1: [Not-A-Key] message") == frozenset()


_PIECES = st.sampled_from(["ValueError:", "x", "  ", "\t", "\r", "\n", "\r\n", "bad", "value", "\u2028"])


@given(st.lists(_PIECES, max_size=30).map("".join), st.lists(_PIECES, min_size=1, max_size=6).map("".join))
def test_a_line_is_printed_as_one_line_exactly_when_it_is_one_of_the_pastes_lines(
    text: str, line: str
) -> None:
    """The lazy reading (only the lines holding the line's first word) says what splitting the
    whole paste into lines says."""
    wanted = " ".join(line.split())
    expected = bool(wanted) and wanted in {" ".join(part.split()) for part in text.splitlines()}
    assert _printed_as_one_line(line, text) == expected


def test_a_warning_printed_beside_the_error_weighs_less_than_the_error() -> None:
    """torch warns about its worker count on every small box: the forty words of that warning are
    the run's output, not what failed, and must not outweigh the error's few."""
    from kb.search.reading import PROSE_WEIGHT, WARNING_WEIGHT

    paste = (
        "/venv/lib/python3.11/site-packages/torch/utils/data/dataloader.py:431: UserWarning: This"
        " DataLoader will create 4 worker processes in total. Our suggested max number of worker in"
        " current system is 2\n"
        "  self.check_worker_number_rationality()\n"
        + "".join(f"step {n}0/90: workers rss {900 + n} MiB\n" for n in range(1, 9))
        + "Traceback (most recent call last):\n"
        '  File "train.py", line 53, in <module>\n'
        "    assert grew < 400\n"
        "AssertionError: DataLoader workers' memory grew 632 MiB within one epoch\n"
    )
    weights = analyze(paste).term_weights
    assert weights["suggest"] == WARNING_WEIGHT < weights["step"] == PROSE_WEIGHT < weights["grew"]
