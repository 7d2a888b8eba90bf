"""A metric helper returns None on one path (no samples, a missing branch) and the report formats it with a spec: unsupported format string passed to NoneType.__format__."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

VARIANT = int(sys.argv[1])
log = logging.getLogger("report")

preds = {"en": [1, 0, 1, 1, 0, 1], "de": [0, 0, 1], "fr": []}
gold = {"en": [1, 0, 0, 1, 0, 1], "de": [0, 1, 1], "fr": []}


def accuracy(p, y):
    if not y:
        return None
    return sum(a == b for a, b in zip(p, y)) / len(y)


def precision(p, y):
    tp = sum(a == b == 1 for a, b in zip(p, y))
    predicted = sum(p)
    if predicted:
        return tp / predicted


if VARIANT == 0:
    for lang in preds:
        print(f"{lang}: accuracy {accuracy(preds[lang], gold[lang]):.3f}")
elif VARIANT == 1:
    print("{:<6}{:>10}".format("lang", "precision"))
    for lang in ["en", "de", "fr"]:
        print("{:<6}{:>10.1%}".format(lang, precision(preds[lang], gold[lang])))
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        for lang in preds:
            acc = accuracy(preds[lang], gold[lang])
            log.info(f"{lang}: n={len(gold[lang])} acc={acc:.2f}")
    except Exception:
        log.exception("could not write the evaluation report")
        sys.exit(1)
