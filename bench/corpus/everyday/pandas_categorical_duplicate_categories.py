"""ValueError: Categorical categories must be unique: a categorical column built from a category list holding a value twice (a hand-kept list, two sources concatenated, a rename mapping two spellings onto one name)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 5       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
df = pd.DataFrame({
    "size": ["S", "M", "L", "M", "XL", "S"],
    "city": ["NY", "nyc", "LA", "NY", "SF", "LA"],
    "category": ["Dress", "Shoes", "Bags", "Dress", "Shoes", "Bags"],
})

if V == 0:
    SIZE_ORDER = ["XS", "S", "M", "L", "XL", "M"]   # a hand-kept list, edited twice
    df["size"] = pd.Categorical(df["size"], categories=SIZE_ORDER, ordered=True)
    print(df.sort_values("size"))
elif V == 1:
    with open("categories.txt", "w") as f:
        f.write("Bags\nDress\nShoes\nAccessories\nDress\n")

    def load_categories(path):
        with open(path) as f:
            return [line.strip() for line in f if line.strip()]

    cats = load_categories("categories.txt")
    print(f"{len(cats)} categories", flush=True)
    df["category"] = df["category"].astype(pd.CategoricalDtype(cats))
elif V == 2:
    online = ["Bags", "Dress", "Shoes"]
    stores = ["Shoes", "Outdoor"]
    dtype = pd.CategoricalDtype(online + stores)
    print(df["category"].astype(dtype).cat.codes)
elif V == 3:
    s = df["city"].astype("category")
    s = s.cat.rename_categories({"nyc": "NY"})      # merge the two spellings
    print(s.value_counts())
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("encode")

    class CategoryEncoder:
        def __init__(self, vocab):
            self.vocab = vocab

        def transform(self, col):
            return col.astype("category").cat.set_categories(self.vocab).cat.codes

    train_vocab = sorted(df["size"].unique().tolist()) + ["XS", "S"]
    log.info("vocab %s", train_vocab)
    try:
        print(CategoryEncoder(train_vocab).transform(df["size"]))
    except ValueError:
        log.exception("encoding failed")
        raise
