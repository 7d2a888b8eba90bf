"""Loading a .npy/.npz saved from a ragged or dict object array with the default allow_pickle=False: Object arrays cannot be loaded when allow_pickle=False."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

variant = int(sys.argv[1])
if variant == 0:
    np.save("token_ids.npy", np.array([[1, 2, 3], [4, 5]], dtype=object))
    data = np.load("token_ids.npy")
elif variant == 1:
    np.save("label_map.npy", {"cat": 0, "dog": 1})
    label_map = np.load("label_map.npy").item()
else:
    np.savez("cache.npz", feats=np.random.rand(4, 3), paths=np.array(["a.jpg", None, "c.jpg", "d.jpg"], dtype=object))
    cache = np.load("cache.npz")
    print(cache["feats"].shape)
    paths = cache["paths"]
