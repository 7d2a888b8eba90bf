"""A pool's worker count derived from the amount of work (shards // shards_per_worker, files // 10) or a config's 0 meaning 'auto' comes out 0: ValueError: Number of processes must be at least 1 / max_workers must be greater than 0 / n_jobs == 0 in Parallel has no meaning."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import multiprocessing as mp
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import joblib
import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

SHARDS_PER_WORKER = 8


def count_rows(path):
    with open(path) as f:
        return sum(1 for _ in f) - 1


def write_shards(n):
    Path("shards").mkdir(exist_ok=True)
    paths = []
    for i in range(n):
        p = Path("shards", f"events-{i:05d}.csv")
        p.write_text("user_id,event\n" + "".join(f"{j},view\n" for j in range(20 + i)))
        paths.append(str(p))
    return paths


def count_all(paths):
    workers = len(paths) // SHARDS_PER_WORKER
    with mp.Pool(processes=workers) as pool:
        return sum(pool.map(count_rows, paths))


def tokenize_file(path):
    return len(Path(path).read_text().split())


def run_preprocess(cfg_path, paths, log):
    with open(cfg_path) as f:
        cfg = yaml.safe_load(f)
    log.info("preprocess: %d files, workers=%s", len(paths), cfg["preprocess"]["workers"])
    with ProcessPoolExecutor(max_workers=cfg["preprocess"]["workers"]) as ex:
        return sum(ex.map(tokenize_file, paths))


def embed_chunk(chunk):
    return [len(text) for text in chunk]


def embed_corpus(texts, chunk_size=64):
    chunks = [texts[i:i + chunk_size] for i in range(0, len(texts), chunk_size)]
    n_jobs = min(8, len(chunks) // 10)
    print(f"{len(texts)} texts in {len(chunks)} chunks, n_jobs={n_jobs}", flush=True)
    return joblib.Parallel(n_jobs=n_jobs)(joblib.delayed(embed_chunk)(c) for c in chunks)


if __name__ == "__main__":
    if V == 0:
        print(count_all(write_shards(5)))
    elif V == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        with open("pipeline.yaml", "w") as f:
            f.write("preprocess:\n  workers: 0   # 0 = use all cores\n  lowercase: true\n")
        print(run_preprocess("pipeline.yaml", write_shards(3), logging.getLogger("preprocess")))
    else:
        print(len(embed_corpus([f"review text {i}" for i in range(300)])))
