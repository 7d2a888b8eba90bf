"""KeyError: 'nergy': a prefix or suffix removed with str.lstrip / rstrip ("feat_energy".lstrip("feat_"), name.rstrip(".json"), uri.lstrip("s3://")), which strip any of the given characters, so names whose next letter is in that set lose it and later lookups fail (str.removeprefix / removesuffix was meant)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import json
import logging
import sys
from pathlib import Path

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

if V == 0:
    UNITS = {"power": "kW", "voltage": "V", "energy": "kWh", "temperature": "degC"}
    with open("meter_features.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["meter_id", "feat_power", "feat_voltage", "feat_energy", "feat_temperature"])
        w.writerow(["m-001", 3.2, 229.8, 41.7, 21.5])
    with open("meter_features.csv", newline="") as f:
        row = next(csv.DictReader(f))
    for col, value in row.items():
        if not col.startswith("feat_"):
            continue
        name = col.lstrip("feat_")
        print(f"{name}: {value} {UNITS[name]}")
elif V == 1:
    Path("eval").mkdir()
    for split, score in [("train", 0.95), ("metrics_run", 0.88), ("test", 0.86)]:
        Path(f"eval/{split}.json").write_text(json.dumps({"auc": score}))
    expected = {"train": 0.9, "metrics_run": 0.85, "test": 0.8}
    for p in sorted(Path("eval").glob("*.json")):
        split = p.name.rstrip(".json")
        auc = json.loads(p.read_text())["auc"]
        print(f"{split}: auc {auc} (floor {expected[split]})")
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("sync")
    BUCKET_REGION = {"ml-models": "eu-west-1", "search-logs": "us-east-1", "feature-store": "eu-west-1"}
    uris = ["s3://ml-models/ranker/v3/", "s3://feature-store/daily/", "s3://search-logs/2024/06/"]

    def bucket_of(uri):
        return uri.lstrip("s3://").split("/", 1)[0]

    for uri in uris:
        bucket = bucket_of(uri)
        log.info("%s -> bucket %s in %s", uri, bucket, BUCKET_REGION[bucket])
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("targets")
    columns = ["tgt_churn", "tgt_upsell", "tgt_ticket_volume", "tgt_tenure_bucket"]
    LOSSES = {"churn": "bce", "upsell": "bce", "ticket_volume": "poisson", "tenure_bucket": "ce"}
    heads = {}
    for col in columns:
        task = col.lstrip("tgt_")
        heads[task] = LOSSES[task]
        log.info("head %s with %s loss", task, heads[task])
