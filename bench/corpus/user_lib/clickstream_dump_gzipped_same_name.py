"""The clickstream export job now gzips its nightly dump but still names it clicks_<date>.jsonl; the sessionizer opens the file as plain text."""
EXPECT = ["clickstream-nightly-dump-gzipped-same-name"]
VARIANTS = 4

import gzip
import json
import logging
import os
import random
import sys

VARIANT = int(sys.argv[1])


def nightly_export(path, n):
    """What the export job writes since it started compressing (the file name did not change)."""
    rnd = random.Random(VARIANT)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        for i in range(n):
            event = {"user": f"u{rnd.randint(1, 5000)}", "page": rnd.choice(["/", "/cart", "/p/123", "/search"]), "ts": 1717200000 + 7 * i}
            fh.write(json.dumps(event) + "\n")


def read_events(path):
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            yield json.loads(line)


def sessionize(events, gap=1800):
    last, sessions = {}, 0
    for e in events:
        if e["ts"] - last.get(e["user"], -gap - 1) > gap:
            sessions += 1
        last[e["user"]] = e["ts"]
    return sessions


def main():
    day = {0: "2024-06-01", 1: "2024-06-02", 2: "2024-06-01", 3: "2024-06-03"}[VARIANT]
    path = f"dumps/clickstream/clicks_{day}.jsonl"
    nightly_export(path, {0: 2000, 1: 500, 2: 3000, 3: 1200}[VARIANT])
    if VARIANT == 1:
        import pandas as pd

        events = pd.read_json(path, lines=True)
        print(events.groupby("user").size().describe())
    elif VARIANT == 3:
        import torch
        from torch.utils.data import DataLoader, IterableDataset

        class ClickStream(IterableDataset):
            def __iter__(self):
                for e in read_events(path):
                    yield torch.tensor([len(e["page"]), e["ts"] % 86400])

        print(f"streaming {path}")
        for batch in DataLoader(ClickStream(), batch_size=256, num_workers=1):
            print(batch.shape)
    else:
        print(f"{day}: {sessionize(read_events(path))} sessions")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s sessionizer: %(message)s")
        logging.info("sessionizing 2024-06-01")
        try:
            main()
        except Exception:
            logging.exception("sessionizer failed")
            sys.exit(1)
    else:
        main()
