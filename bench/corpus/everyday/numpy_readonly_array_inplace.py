"""In-place normalisation of an array numpy made read-only (np.frombuffer over bytes, np.load with mmap_mode='r', np.broadcast_to): ValueError: assignment destination is read-only."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
log = logging.getLogger("prep")


def normalise_(x, mean, std):
    x -= mean
    x /= std
    return x


if V == 0:
    raw = np.arange(16000, dtype=np.int16).tobytes()      # PCM bytes read from a .raw file
    pcm = np.frombuffer(raw, dtype=np.int16)
    print("samples:", pcm.shape)
    pcm[pcm > 12000] = 12000
elif V == 1:
    np.save("train_feats.npy", np.random.default_rng(0).random((500, 24)))
    feats = np.load("train_feats.npy", mmap_mode="r")
    print("features:", feats.shape, feats.dtype)
    normalise_(feats, feats.mean(axis=0), feats.std(axis=0))
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    bias = np.broadcast_to(np.linspace(0, 1, 8, dtype=np.float32), (4, 8))
    log.info("position bias %s", bias.shape)
    try:
        bias[:, 0] = -1.0
    except ValueError:
        log.exception("could not mask the first position")
        raise
