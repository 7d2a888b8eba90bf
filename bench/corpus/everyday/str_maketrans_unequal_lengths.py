"""A text-normalisation table built with str.maketrans from two strings of different lengths (a character added to one side only): the first two maketrans arguments must have equal length."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import yaml

VARIANT = int(sys.argv[1])
log = logging.getLogger("normalise")

texts = ["Café au lait – très bien!", "Ünïcödé “quotes” everywhere", "naïve résumé"]

if VARIANT == 0:
    ACCENTED = "àáâäçèéêëìíîïñòóôöùúûüÿ"
    PLAIN = "aaaaceeeeiiiinooooouuuuy"   # one 'o' too many after ñ was added
    table = str.maketrans(ACCENTED, PLAIN)
    for t in texts:
        print(t.lower().translate(table))
elif VARIANT == 1:
    with open("normalise.yaml", "w") as f:
        f.write('quotes_from: "“”‘’«»"\nquotes_to: "\\"\\"\'\'"\n')
    cfg = yaml.safe_load(open("normalise.yaml"))
    print(f"mapping {len(cfg['quotes_from'])} quote characters")
    table = str.maketrans(cfg["quotes_from"], cfg["quotes_to"])
    print([t.translate(table) for t in texts])
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    def build_table(dashes="‐‑‒–—―", replacement="-----"):
        return str.maketrans(dashes, replacement)

    try:
        log.info("normalising %d texts", len(texts))
        table = build_table()
        log.info("%s", [t.translate(table) for t in texts])
    except Exception:
        log.exception("normalisation failed")
        sys.exit(1)
