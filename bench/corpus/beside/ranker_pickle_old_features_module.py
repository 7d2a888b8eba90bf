"""A teammate's search-ranking model was pickled with its text cleaner from the top-level features module, which the package refactor moved into churnlib/features/."""
# beside: pipeline-pickle-references-old-features-module
# why: the pickle records features.QueryCleaner from before the refactor moved features.py into churnlib/features/, the entry's cause and fix (re-export or a shim).
EXPECT = ["pipeline-pickle-references-old-features-module"]
VARIANTS = 2

import os
import pickle
import subprocess
import sys

VARIANT = int(sys.argv[1])

CLEANER = '''
import re


class QueryCleaner:
    def __init__(self, stopwords=("the", "a", "for")):
        self.stopwords = set(stopwords)

    def __call__(self, text):
        return [w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in self.stopwords]
'''

# last month's training run, from the repo as it was (features.py at the top level)
os.makedirs("old_checkout", exist_ok=True)
with open("old_checkout/features.py", "w") as fh:
    fh.write(CLEANER)
model_path = os.path.abspath({0: "ranker_model.pkl", 1: "models/ranker/v7.pkl"}[VARIANT])
os.makedirs(os.path.dirname(model_path), exist_ok=True)
subprocess.run(
    [sys.executable, "-c", f"import pickle, features; pickle.dump({{'cleaner': features.QueryCleaner(), 'weights': [0.4, 0.6]}}, open({model_path!r}, 'wb'))"],
    cwd="old_checkout",
    check=True,
)

# today's checkout: features.py lives in churnlib/features/
os.makedirs("churnlib/features", exist_ok=True)
open("churnlib/__init__.py", "w").close()
with open("churnlib/features/__init__.py", "w") as fh:
    fh.write(CLEANER)
sys.path.insert(0, os.getcwd())
import churnlib.features  # noqa: E402,F401

if VARIANT == 1:
    print(f"loading ranker from {model_path}")
    import joblib

    bundle = joblib.load(model_path)
else:
    with open(model_path, "rb") as fh:
        bundle = pickle.load(fh)
print(bundle["cleaner"]("running shoes for the trail"))
