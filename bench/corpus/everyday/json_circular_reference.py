"""json.dump of a structure that contains itself (a node holding its parent, a config that stores the whole config, a list appended to itself): ValueError: Circular reference detected."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")


def make_node(name, parent=None):
    node = {"name": name, "children": [], "parent": parent}
    if parent is not None:
        parent["children"].append(node)
    return node


def save(obj, path):
    with open(path, "w") as f:
        json.dump(obj, f, indent=2)
    logging.info("saved %s", path)


class Experiment:
    def __init__(self, **cfg):
        self.cfg = dict(cfg)
        self.history = []

    def log(self, **metrics):
        self.history.append(metrics)

    def snapshot(self):
        state = {"config": self.cfg, "history": self.history}
        self.cfg["last_snapshot"] = state  # keep a pointer to the last one
        return state


if V == 0:
    root = make_node("all")
    vision = make_node("vision", root)
    make_node("detection", vision)
    make_node("nlp", root)
    logging.info("taxonomy has %d top-level nodes", len(root["children"]))
    save(root, "taxonomy.json")
elif V == 1:
    exp = Experiment(lr=0.001, epochs=3)
    for epoch in range(3):
        exp.log(epoch=epoch, loss=1 / (epoch + 1))
        logging.info("epoch %d", epoch)
        save(exp.snapshot(), f"snapshot-{epoch}.json")
else:
    batches = []
    results = {"batches": batches}
    for i in range(3):
        batches.append({"i": i, "acc": 0.5 + i / 10})
    batches.append(results["batches"])  # meant: extend with a copy
    print(json.dumps(results))
