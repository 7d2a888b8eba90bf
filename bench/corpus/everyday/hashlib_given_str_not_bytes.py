"""hashlib given a str (a user id for A/B bucketing, a JSON cache key, lines of a file opened in text mode): TypeError: Strings must be encoded before hashing."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import hashlib
import json
import logging
import sys
from pathlib import Path

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def experiment_bucket(user_id, experiment, n_buckets=100):
    digest = hashlib.md5(f"{experiment}:{user_id}").hexdigest()
    return int(digest, 16) % n_buckets


def assign_variants(user_ids, experiment="homepage_carousel_rollout"):
    return {uid: ("treatment" if experiment_bucket(uid, experiment) < 10 else "control") for uid in user_ids}


def feature_cache_key(params):
    return hashlib.sha1(json.dumps(params, sort_keys=True)).hexdigest()[:16]


def file_checksum(path):
    h = hashlib.sha256()
    with open(path) as handle:
        for line in handle:
            h.update(line)
    return h.hexdigest()


if V == 0:
    print(assign_variants(["u_1021", "u_1022", "u_1023"]))
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    params = {"window_days": 28, "stores": [112, 340], "include_returns": False}
    logging.getLogger("feature_cache").info("looking up cached features for %s", params)
    key = feature_cache_key(params)
else:
    Path("train_manifest.csv").write_text("path,label\nimg/0001.jpg,cat\nimg/0002.jpg,dog\n")
    print("verifying dataset manifest")
    print("sha256", file_checksum("train_manifest.csv"))
