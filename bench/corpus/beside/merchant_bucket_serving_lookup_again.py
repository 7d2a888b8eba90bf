"""A teammate's online scorer hashes merchant ids with the same features/hashing.py stable_hash and stores them in an int64 request array."""
# beside: merchant-id-hash-16-hex-digits-overflows-int64
# why: stable_hash keeps 16 hex digits of sha1, a 64-bit unsigned value that often exceeds int64, exactly the entry's cause and fix.
EXPECT = ["merchant-id-hash-16-hex-digits-overflows-int64"]
VARIANTS = 2

import hashlib
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])


# --- features/hashing.py (shared) ---
def stable_hash(value: str) -> int:
    return int(hashlib.sha1(value.encode("utf-8")).hexdigest()[:16], 16)


requests = pd.DataFrame({"merchant_id": [f"m_{c}" for c in np.random.default_rng(VARIANT).integers(10_000, 99_999, {0: 32, 1: 8}[VARIANT])]})
if VARIANT == 1:
    print(f"scoring {len(requests)} requests")
merchant_hash = np.empty(len(requests), dtype=np.int64)  # request buffer fed to the model server
for i, merchant_id in enumerate(requests["merchant_id"]):
    merchant_hash[i] = stable_hash(merchant_id)
print(merchant_hash % 2**20)
