"""AttributeError: 'str' object has no attribute 'bytes': deterministic ids built with uuid.uuid5 / uuid3 whose namespace is passed as a string (a project name, or the namespace UUID read from a config as text) instead of a uuid.UUID."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys
import uuid

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
users = [f"user-{i:04d}@example.com" for i in range([5, 3, 4, 6][V])]

if V == 0:
    NAMESPACE = "com.acme.recsys"
    print(f"assigning stable ids to {len(users)} users")
    ids = {u: str(uuid.uuid5(NAMESPACE, u)) for u in users}
    print(ids)
elif V == 1:
    with open("ids.json", "w") as f:
        json.dump({"namespace": "6f1c2a4e-9b7d-4c3a-8e21-5d0b7a9c3f10", "version": 5}, f)
    with open("ids.json") as f:
        cfg = json.load(f)
    print("namespace from ids.json:", cfg["namespace"])
    for u in users:
        print(u, uuid.uuid5(cfg["namespace"], u))
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("dedup")
    docs = [{"url": f"https://example.com/a/{i}", "text": f"article {i}"} for i in range(4)]

    def doc_id(doc, namespace="https://example.com"):
        return uuid.uuid3(namespace, doc["url"]).hex

    for d in docs:
        log.info("doc %s -> %s", d["url"], doc_id(d))
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("experiments")

    class ExperimentIds:
        def __init__(self, project):
            self.namespace = str(uuid.uuid5(uuid.NAMESPACE_DNS, project))   # stored as text for the tracker
            log.info("project namespace %s", self.namespace)

        def run_id(self, params):
            return uuid.uuid5(self.namespace, json.dumps(params, sort_keys=True))

    ids = ExperimentIds("churn-model.acme.internal")
    log.info("run id %s", ids.run_id({"lr": 0.001, "depth": 6}))
