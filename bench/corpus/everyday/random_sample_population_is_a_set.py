"""TypeError: Population must be a sequence.  For dicts or sets, use sorted(d).: random.sample given a set of ids (deduplicated users, a set difference of train and test ids), a dict or its keys() view to draw a validation or review subset."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import csv
import logging
import random
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
random.seed(13)
n_rows = [200, 120, 80, 150][V]
with open("interactions.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["user_id", "item_id", "clicked"])
    for i in range(n_rows):
        w.writerow([f"u{(i * 37) % 61}", f"i{(i * 11) % 29}", i % 4 == 0])


def load_users(path):
    with open(path, newline="") as f:
        return {row["user_id"] for row in csv.DictReader(f)}


if V == 0:
    users = load_users("interactions.csv")
    print(f"{len(users)} distinct users")
    val_users = random.sample(users, k=int(0.1 * len(users)))
    print("validation users:", val_users[:5])
elif V == 1:
    all_users = load_users("interactions.csv")
    test_users = set(random.sample(sorted(all_users), 10))
    train_users = all_users - test_users
    print(f"train {len(train_users)} / test {len(test_users)}")
    probe = random.sample(train_users, 5)
    print("probe users", probe)
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("review")
    counts = {}
    with open("interactions.csv", newline="") as f:
        for row in csv.DictReader(f):
            counts[row["item_id"]] = counts.get(row["item_id"], 0) + 1
    log.info("%d items with interactions", len(counts))

    def pick_for_review(item_counts, k=8):
        return random.sample(item_counts.keys(), k)

    log.info("items for manual review: %s", pick_for_review(counts))
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("negatives")
    catalog = {f"i{j}" for j in range(29)}
    with open("interactions.csv", newline="") as f:
        positives = {}
        for row in csv.DictReader(f):
            positives.setdefault(row["user_id"], set()).add(row["item_id"])
    for user, pos in list(positives.items())[:3]:
        candidates = catalog - pos
        log.info("user %s: %d positives, %d candidates", user, len(pos), len(candidates))
        negatives = random.sample(candidates, 4)
        log.info("negatives %s", negatives)
