"""A user decorator forgets `return cls` / `return wrapper` / `return fn(...)`, so the decorated name is None or its calls return None: 'NoneType' object is not callable / cannot unpack non-iterable NoneType."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import functools
import sys
import time

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

MODELS = {}


def register(name):
    def deco(cls):
        MODELS[name] = cls
    return deco


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        result = fn(*args, **kwargs)
        print(f"{fn.__name__} took {time.perf_counter() - start:.4f}s")
    return wrapper


def retry(times):
    def deco(fn):
        def wrapper(*args):
            for attempt in range(times):
                try:
                    return fn(*args)
                except OSError:
                    print(f"attempt {attempt} failed")
    return deco


@register("linear")
class LinearBaseline:
    def __init__(self, dim):
        self.dim = dim


if V == 0:
    print("registered:", list(MODELS))
    model = LinearBaseline(dim=16)
elif V == 1:
    @retry(times=3)
    def load_split(name):
        return [1, 2, 3], [0, 1, 0]

    X, y = load_split("train")
else:
    @timed
    def train_val_split(rows, frac):
        cut = int(len(rows) * frac)
        return rows[:cut], rows[cut:]

    train, val = train_val_split(list(range(100)), 0.8)
    print(len(train), len(val))
