"""ValueError: With n_samples=1, test_size=0.2 and train_size=None, the resulting train set will be empty. Adjust any of the aforementioned parameters.: datasets train_test_split on a split too small for the requested sizes (a language or customer with one example, a debug subset given the full run's absolute test_size, 0.9 passed positionally as test_size when 90% train was meant)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import datasets
from datasets import Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
datasets.disable_progress_bars()
LANGS = ["en"] * 9 + ["de"] * 6 + ["fr"] * 4 + ["pt"] * 1
rows = {
    "text": [f"ticket {i}" for i in range(len(LANGS))],
    "lang": LANGS,
    "label": [i % 3 for i in range(len(LANGS))],
    "customer": [f"c{(i * 7) % 6}" if i < 19 else "c_new" for i in range(len(LANGS))],
}
ds = Dataset.from_dict(rows)

if V == 0:
    per_lang = {}
    for lang in ["en", "de", "fr", "pt"]:
        sub = ds.filter(lambda r: r["lang"] == lang)
        per_lang[lang] = sub.train_test_split(test_size=0.2, seed=42)
        print(f"{lang}: train {len(per_lang[lang]['train'])} / test {len(per_lang[lang]['test'])}")
elif V == 1:
    debug = ds.shuffle(seed=0).select(range(16))
    print(f"debug run on {len(debug)} examples")
    split = debug.train_test_split(test_size=500, seed=42)     # the full run holds out 500 tickets
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("split")
    small = ds.filter(lambda r: r["lang"] == "de").select(range(5))
    log.info("pilot set: %d examples", len(small))
    split = small.train_test_split(0.9, seed=1)                # 90% train
    log.info("train=%d test=%d", len(split["train"]), len(split["test"]))
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("per_customer")

    def split_customer(dataset, customer):
        sub = dataset.filter(lambda r: r["customer"] == customer)
        log.info("customer %s: %d tickets", customer, len(sub))
        return sub.train_test_split(test_size=0.25, seed=0)

    for customer in sorted(set(rows["customer"])):
        try:
            parts = split_customer(ds, customer)
        except ValueError:
            log.exception("could not split customer %s", customer)
            raise
