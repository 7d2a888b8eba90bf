"""features/hashing.py turns each merchant_id into int(sha1(id).hexdigest()[:16], 16), a 64-bit unsigned value; about half of them exceed int64, and putting them into the int64 merchant_hash column overflows."""
EXPECT = ["merchant-id-hash-16-hex-digits-overflows-int64"]
VARIANTS = 4

import hashlib
import logging
import sys

import numpy as np
import pandas as pd

VARIANT = int(sys.argv[1])
N_BUCKETS = 2**20


# --- features/hashing.py ---
def stable_hash(value: str) -> int:
    """A hash that is stable across processes (unlike hash())."""
    return int(hashlib.sha1(value.encode("utf-8")).hexdigest()[:16], 16)


def merchant_ids(n):
    rng = np.random.default_rng(VARIANT)
    return [f"m_{code}" for code in rng.integers(10_000, 99_999, n)]


def hash_column(ids):
    return np.array([stable_hash(m) for m in ids], dtype=np.int64)


def main():
    n = {0: 500, 1: 64, 2: 2000, 3: 10000}[VARIANT]
    txns = pd.DataFrame({"merchant_id": merchant_ids(n), "amount": np.round(np.random.default_rng(0).lognormal(3, 1, n), 2)})
    if VARIANT == 1:
        import torch
        from torch.utils.data import DataLoader, Dataset

        class TxnDataset(Dataset):
            def __init__(self, frame):
                self.frame = frame

            def __len__(self):
                return len(self.frame)

            def __getitem__(self, i):
                row = self.frame.iloc[i]
                bucket = np.int64(stable_hash(row["merchant_id"])) % N_BUCKETS
                return torch.tensor(bucket), torch.tensor(row["amount"], dtype=torch.float32)

        for merchant, amount in DataLoader(TxnDataset(txns), batch_size=16, num_workers=2):
            print(merchant.shape, amount.mean())
    elif VARIANT == 3:
        out = np.empty(len(txns), dtype=np.int64)
        for start in range(0, len(txns), 2500):
            print(f"hashing rows {start}..{start + 2499}")
            for i in range(start, min(start + 2500, len(txns))):
                out[i] = stable_hash(txns["merchant_id"].iat[i])
    else:
        txns["merchant_hash"] = hash_column(txns["merchant_id"])
        txns["merchant_bucket"] = txns["merchant_hash"] % N_BUCKETS
        txns.to_parquet("txn_features.parquet")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s txn_features: %(message)s")
        logging.info("hashing merchant ids")
        try:
            main()
        except Exception:
            logging.exception("feature job failed")
            sys.exit(1)
    else:
        main()
