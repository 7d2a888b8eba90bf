"""ValueError: The number of weights does not match the population: random.choices given weights built for another list (an augmentation added to the list but not to the weights, per-class weights from the classes present in one file, weights of a filtered dict)."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import collections
import json
import logging
import random
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
random.seed(5)

if V == 0:
    config = {
        "augmentations": ["synonym_swap", "random_delete", "back_translate", "char_noise"],
        "aug_weights": [0.4, 0.3, 0.3],
    }
    with open("aug.json", "w") as f:
        json.dump(config, f, indent=2)
    with open("aug.json") as f:
        cfg = json.load(f)
    texts = ["the refund never arrived", "screen is cracked", "love it"]
    for t in texts:
        aug = random.choices(cfg["augmentations"], weights=cfg["aug_weights"], k=1)[0]
        print(f"{aug}: {t}")
elif V == 1:
    CLASSES = ["billing", "shipping", "technical", "account", "other"]
    labels = ["billing"] * 40 + ["shipping"] * 25 + ["technical"] * 10 + ["other"] * 5
    counts = collections.Counter(labels)
    inv_freq = [1.0 / c for c in counts.values()]
    print("class counts:", dict(counts))
    synthetic_labels = random.choices(CLASSES, weights=inv_freq, k=20)
    print(synthetic_labels)
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("mixture")
    sources = {"wiki": 0.5, "books": 0.2, "forums": 0.2, "code": 0.1}
    available = [name for name in sources if name != "forums"]     # forums shard missing today
    log.info("available sources: %s", available)

    def draw_sources(k):
        return random.choices(available, weights=list(sources.values()), k=k)

    for step in range(3):
        log.info("step %d mixture %s", step, draw_sources(4))
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("replay")

    class ReplayBuffer:
        def __init__(self):
            self.items, self.priorities = [], []

        def add(self, item, priority):
            self.items.append(item)
            if priority > 0:
                self.priorities.append(priority)

        def sample(self, k):
            return random.choices(self.items, weights=self.priorities, k=k)

    buf = ReplayBuffer()
    for i in range(8):
        buf.add({"step": i}, priority=abs(4 - i) * 0.25)
    log.info("buffer: %d items", len(buf.items))
    log.info("batch %s", buf.sample(3))
