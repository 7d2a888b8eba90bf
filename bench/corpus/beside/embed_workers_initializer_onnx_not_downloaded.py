"""The catalog embedding job's workers each load the text encoder in their initializer; the step that downloads models/title_encoder.onnx was skipped in the new pipeline definition, so every worker's initializer fails."""
# beside: embed-workers-spawn-initializer-reads-config-set-under-main
# why: the initializer fails on a missing model file (FileNotFoundError), not on a global only assigned under __main__; the config reaches the workers through initargs, and the fix is to restore the download step.
EXPECT = []
VARIANTS = 3

import json
import multiprocessing as mp
import sys
from concurrent.futures import ProcessPoolExecutor

VARIANT = int(sys.argv[1])
_ENCODER = None


def _init_worker(config):
    global _ENCODER
    with open(config["encoder_path"], "rb") as fh:
        _ENCODER = fh.read()


def embed_title(title):
    return [float(len(title)), float(len(_ENCODER) % 7)]


def embed_all(titles, config, workers=2):
    ctx = mp.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_init_worker, initargs=(config,)) as pool:
        return list(pool.map(embed_title, titles, chunksize=16))


if __name__ == "__main__":
    config = {"encoder_path": {0: "models/title_encoder.onnx", 1: "artifacts/encoder/model.onnx", 2: "models/title_encoder.onnx"}[VARIANT]}
    titles = [f"trail running shoe size {i % 13}" for i in range(200)]
    if VARIANT == 2:
        print(json.dumps({"stage": "embed", "items": len(titles)}))
    print(len(embed_all(titles, config)))
