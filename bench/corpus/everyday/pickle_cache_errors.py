"""EOFError / UnpicklingError when loading a truncated or non-pickle cache file."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import os
import pickle
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
os.makedirs("cache", exist_ok=True)

if V == 0:
    open("cache/vocab.pkl", "wb").close()  # created but never written
elif V == 1:
    with open("cache/vocab.pkl", "w") as f:
        f.write("the\ncat\nsat\n")
else:
    data = pickle.dumps({"the": 0, "cat": 1, "sat": 2, "mat": 3})
    with open("cache/vocab.pkl", "wb") as f:
        f.write(data[: len(data) // 2])


def load_vocab(path):
    with open(path, "rb") as f:
        return pickle.load(f)


print("loading cached vocab")
print(load_vocab("cache/vocab.pkl"))
