"""TypeError from ord() building a character vocabulary when the items are not single characters (whitespace-split words, an emoji with a modifier, the empty string from a double space): ord() expected a character, but string of length N found."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

CORPUS = [
    "the model overfits after epoch three",
    "great job \U0001F44D\U0001F3FD thanks",
    "lr  warmup then cosine decay",
][V]


def char_ids(chars, max_code=0x10FFFF):
    return [min(ord(ch), max_code) for ch in chars]


def build_vocab(tokens):
    vocab = {}
    for tok in tokens:
        code = ord(tok)
        vocab.setdefault(code, len(vocab))
    return vocab


def initials_feature(text):
    initials = [w[:1] for w in text.split(" ")]
    return char_ids(initials)


if V == 0:
    print(char_ids(CORPUS)[:10])
    vocab = build_vocab(CORPUS.split())
elif V == 1:
    emojis = [tok for tok in CORPUS.split() if not tok.isascii()]
    print("emoji tokens:", len(emojis))
    print(build_vocab(emojis))
else:
    print(len(CORPUS.split()), "words")
    print(initials_feature(CORPUS))
