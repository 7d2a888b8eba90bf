"""Words for lexical matching: the same tokenizer reads entries when they are written and pastes
when they are searched.

- Identifiers stay whole and also give their parts: `num_workers` → `num_workers`, `num`, `workers`;
  `LlamaTokenizer` → `llamatokenizer`, `llama`, `tokenizer`;
  `torch.load` → `torch.load`, `torch`, `load`; `device-side` → `device-side`, `device`, `side`.
- Install locations are dropped: a path up to `site-packages/`, a compiled module's ABI tag.
- Numbers are kept: `-100`, `8000` and `Errno 24` carry meaning (masking is for signatures only).
- English words get a light suffix strip, so `hangs`, `hanging` and `hang` meet.
- Chinese text becomes character bigrams, matched against the Chinese tags of entries; a word of
  another script (Cyrillic, Greek, Hangul) is a word as an English one is.
- kb's own mark for a secret it took out (`[redacted]`, kb.entry.redaction) is no word: two messages
  whose secrets were redacted share the mark, not their fault.

The index stores these tokens, so any change here must bump kb.text.paste.NORMALIZER_VERSION: the
store then rebuilds every entry's terms on its next open.
"""

from __future__ import annotations

from functools import lru_cache

from kb.entry.redaction import REDACTED
from kb.patterns import LazyPattern

_WORD = r"-?\d+(?:\.\d+)?|[A-Za-z_][\w]*(?:[.\-][A-Za-z_]\w*)*|<[a-z]+>"
_ASCII_TOKEN = LazyPattern(_WORD)


#: Words, runs of Chinese characters, and words of other scripts (`Ошибка`, `메모리`). Compiling the
#: Chinese ranges takes 2 ms, and most pastes are ASCII: only text that is not waits for it
#: (kb.patterns).
_ANY_TOKEN = LazyPattern(
    _WORD
    + r"|[\u3400-\u9fff\uf900-\ufaff]+|[^\W\d_\u3400-\u9fff\uf900-\ufaff][^\W\u3400-\u9fff\uf900-\ufaff]*"
)


_PARTS = LazyPattern(r"[._\-]+")
_CAMEL = LazyPattern(r"[A-Z]+\d*(?=[A-Z][a-z])|[A-Z]?[a-z]+\d*|[A-Z]+\d*|\d+")
_CAMEL_BOUNDARY = LazyPattern(r"[a-z][A-Z]|[A-Z][A-Z][a-z]")

STOPWORDS = frozenset(
    "a an and are as at be been but by can could did do does for from had has have how i if in into is it "
    "its me my of on or our so than that the their then there these they this to too was we were "
    "what when where which while who why will with would you your after before during very just also only "
    "get got gets getting use used using".split()
)

MAX_TOKEN_LENGTH = 60

#: Numbers that only say when or which build: timestamps, clock times, dates, versions, decimals,
#: hex. Whole integers stay (`-100`, `8000`, `Errno 24` mean something).
_NOISE_NUMBERS = LazyPattern(
    r"\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:[.,]\d+)?)?"
    r"|\b\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?\b"
    r"|\b\d+(?:\.\d+){2,}\S*"
    r"|(?<![\w.])\d+\.\d+(?:[eE][-+]?\d+)?(?![\w.])"
    r"|\b0x[0-9a-fA-F]+\b"
)
#: Where a package is installed says nothing about the fault: a path up to its site-packages/ or
#: dist-packages/ folder (the interpreter, the user's home, a conda env), and a compiled module's
#: ABI tag (`flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so` is `flash_attn_2_cuda.so`).
_INSTALL_PREFIX = LazyPattern(r"""(?<![^\s'"(=])[^\s'"(=]*?(?:site|dist)-packages[/\\]""")
_ABI_TAG = LazyPattern(r"\.(?:cpython-\d+[\w-]*|abi3|cp\d+-win_amd64)(?=\.(?:so|pyd)\b)")

#: What every one of those numbers contains. Most text has none, and looking for this is several
#: times cheaper than running the pattern above, which tries each of its branches at every position.
_NOISE_HINT = LazyPattern(r"\d[-:.]\d|0x")


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A light English suffix strip; technical tokens (digits, `_`, `.`) are left alone."""
    if not word.isalpha() or len(word) <= 3:
        return word
    for suffix in ("ies", "ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word.endswith(("ss", "us", "is")):
                break
            if suffix in ("ed", "ing") and word[: -len(suffix)].endswith("e"):
                break  # speed, agreeing: the e belongs to the word
            word = word[: -len(suffix)] + ("y" if suffix == "ies" else "")
            break
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    if len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "aeiouls":
        word = word[:-1]
    return word


def tokenize(text: str, phrases: bool = True) -> list[str]:
    """Tokens in order, with repeats; see the module docstring for what a token is.

    With PHRASES, each pair of neighbouring words is a token too (`no log`, `pad token`), so a paste
    that repeats an entry's wording outranks one that merely shares its words.
    """
    tokens: list[str] = []
    previous: str | None = None
    previous_end = -1
    if REDACTED in text:
        text = text.replace(REDACTED, " ")
    if "-packages" in text:
        text = _INSTALL_PREFIX.sub(" ", text)
    if ".cpython-" in text or ".abi3" in text or ".cp3" in text:
        text = _ABI_TAG.sub("", text)
    if _NOISE_HINT.search(text):
        text = _NOISE_NUMBERS.sub(" ", text)
    for match in (_ASCII_TOKEN if text.isascii() else _ANY_TOKEN).finditer(text):
        word_tokens, phrase_word, breaks = _word(match.group())
        if phrase_word is not None:
            if (
                phrases
                and previous is not None
                and text_gap_is_space(match.string, previous_end, match.start())
            ):
                tokens.append(f"{previous} {phrase_word}")
            previous, previous_end = phrase_word, match.end()
        elif breaks:
            previous, previous_end = None, -1
        tokens.extend(word_tokens)
    return tokens


@lru_cache(maxsize=131072)
def _word(original: str) -> tuple[tuple[str, ...], str | None, bool]:
    """One matched word's tokens, the word a phrase may use (or None), and whether it breaks a phrase.

    Cached: a knowledge base repeats its vocabulary, and indexing thousands of entries at once (an
    import) spends most of its time here otherwise.
    """
    token = original.lower()
    first = token[0]
    if "\u3400" <= first <= "\u9fff" or "\uf900" <= first <= "\ufaff":
        return tuple(_bigrams(token)), None, False
    if len(token) > MAX_TOKEN_LENGTH or token in STOPWORDS:
        return (), None, True
    if first == "<":
        return (token,), None, False
    phrase_word = stem(token) if token.isalpha() else None
    parts = [p.lower() for piece in _PARTS.split(original) if piece for p in _camel_parts(piece)]
    if len(parts) > 1:
        return (
            (token, *(stem(p) for p in parts if p not in STOPWORDS and len(p) > 1)),
            phrase_word,
            phrase_word is None,
        )
    if token[:1] == "-" and token[1:2].isdigit():
        return (token, token[1:]), None, True
    return (stem(token),), phrase_word, phrase_word is None


def text_gap_is_space(text: str, start: int, end: int) -> bool:
    """Whether only spaces separate two words, so that they read as one phrase."""
    return end - start <= 2 and text[start:end].strip() == ""


def _camel_parts(piece: str) -> list[str]:
    """`LlamaTokenizer` → Llama, Tokenizer; `CUDAError` → CUDA, Error; `fp16` stays whole."""
    if not _CAMEL_BOUNDARY.search(piece):
        return [piece]
    return _CAMEL.findall(piece) or [piece]


def _bigrams(run: str) -> list[str]:
    if len(run) == 1:
        return [run]
    return [run[i : i + 2] for i in range(len(run) - 1)]
