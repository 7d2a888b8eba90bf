"""Tokens for lexical matching: identifiers, numbers that mean something, phrases, Chinese bigrams."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kb.text.tokens import stem, tokenize


def test_identifiers_keep_their_whole_and_give_their_parts() -> None:
    tokens = tokenize("num_workers torch.load LlamaTokenizer device-side")
    for token in (
        "num_workers",
        "num",
        "worker",
        "torch.load",
        "load",
        "llamatokenizer",
        "tokenizer",
        "device-side",
    ):
        assert token in tokens


def test_meaningful_numbers_stay_and_timestamps_go() -> None:
    tokens = tokenize(
        "labels -100 on port 8000, [Errno 24] at 2024-03-14 09:08:43,293 lr 0.001000 torch 2.13.0"
    )
    assert {"-100", "8000", "24"} <= set(tokens)
    assert not {"2024", "09", "0.001000", "2.13"} & set(tokens)


def test_where_a_package_is_installed_is_not_a_word_of_the_fault() -> None:
    """Two reports of one fault differ in Python version, distribution and home folder; the
    package, its module and the compiled extension's name are what they share."""
    paste = (
        "ImportError: /usr/local/lib/python3.10/dist-packages/"
        "flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol\n"
        '  File "/home/me/miniconda3/envs/a/lib/python3.9/site-packages/torch/nn/modules/module.py"'
    )
    tokens = tokenize(paste)
    assert {"flash_attn_2_cuda.so", "flash", "attn", "torch", "module.py"} <= set(tokens)
    assert not {"usr", "dist-packages", "site-packages", "cpython", "310", "miniconda3", "home", "me"} & set(
        tokens
    )
    windows = (
        r"C:\Users\me\AppData\Roaming\Python\Python310\site-packages\bitsandbytes\libbitsandbytes_cpu.dll"
    )
    assert tokenize(windows)[:2] == ["bitsandbyt", "libbitsandbytes_cpu.dll"]


def test_a_word_of_any_script_is_a_word() -> None:
    """Cyrillic, Greek and Hangul gave no token at all: such a symptom matched nothing, itself included."""
    assert tokenize("Ошибка: память закончилась") == ["ошибка", "память", "память закончилась", "закончилась"]
    assert tokenize("메모리 부족") == ["메모리", "메모리 부족", "부족"]
    assert "λ_max" in tokenize("ValueError: λ_max must be positive")
    assert tokenize("内存不足") == ["内存", "存不", "不足"]  # Chinese still reads as bigrams


def test_kbs_mark_for_a_redacted_secret_is_no_word() -> None:
    """Two messages whose secrets kb redacted shared `redacted`: kb add called the second the first's
    known fault, which a search of the message itself was not sure of."""
    assert "redact" not in tokenize("AuthError: api_key=[redacted] for org")
    assert "redact" in tokenize("the log was redacted by hand")


def test_neighbouring_words_make_phrases() -> None:
    assert "no log" in tokenize('"No log" in the table')
    assert "pad token" in tokenize("has no pad token")


def test_word_forms_meet() -> None:
    assert stem("hangs") == stem("hanging") == stem("hang")
    assert stem("shuffled") == stem("shuffle") == stem("shuffling")
    assert stem("speed") == "speed"


def test_chinese_becomes_bigrams() -> None:
    assert tokenize("显存不足") == ["显存", "存不", "不足"]


@given(st.text(max_size=300))
def test_tokenize_never_fails(text: str) -> None:
    assert all(token for token in tokenize(text))


@given(st.text(alphabet="0123456789x.:-eE+ aT,٣", max_size=30))
def test_text_without_the_noise_hint_has_no_noise_numbers(text: str) -> None:
    """The cheap look for a noise number never misses one the full pattern would remove."""
    from kb.text.tokens import _NOISE_HINT, _NOISE_NUMBERS

    if _NOISE_NUMBERS.search(text):
        assert _NOISE_HINT.search(text)
