"""A functools.partial that already binds a keyword, later called with that argument positionally or by name again: TypeError: got multiple values for argument."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def fbeta_at(y_true, y_pred, beta, threshold=0.5):
    tp = sum(1 for t, p in zip(y_true, y_pred) if t and p >= threshold)
    fp = sum(1 for t, p in zip(y_true, y_pred) if not t and p >= threshold)
    fn = sum(1 for t, p in zip(y_true, y_pred) if t and p < threshold)
    b2 = beta * beta
    return (1 + b2) * tp / ((1 + b2) * tp + b2 * fn + fp)


METRICS = {"f1": partial(fbeta_at, beta=1.0), "f2": partial(fbeta_at, beta=2.0)}


def evaluate_thresholds(y_true, y_pred, thresholds):
    for name, metric in METRICS.items():
        for thr in thresholds:
            print(f"{name}@{thr}: {metric(y_true, y_pred, thr):.3f}")


def read_split(data_dir, split, limit=None):
    lines = (Path(data_dir) / f"{split}.txt").read_text().splitlines()
    return lines[:limit]


def resize_thumbnail(path, size, quality=85):
    return f"{path} -> {size}x{size} q{quality}"


if V == 0:
    evaluate_thresholds([1, 0, 1, 1, 0, 0], [0.9, 0.4, 0.35, 0.8, 0.6, 0.1], [0.3, 0.5])
elif V == 1:
    Path("splits").mkdir()
    for name in ("train", "val"):
        Path(f"splits/{name}.txt").write_text("\n".join(f"doc_{i}" for i in range(20)))
    load_split = partial(read_split, "splits")
    print(len(load_split("train")), "train docs")
    val_docs = load_split(data_dir="splits", split="val", limit=5)
else:
    sizes = [128, 256, 512]
    paths = [f"catalog/sku_{i:05d}.jpg" for i in range(3)]
    make_thumb = partial(resize_thumbnail, size=224)
    with ThreadPoolExecutor(max_workers=2) as pool:
        for line in pool.map(make_thumb, paths, sizes):
            print(line)
