"""TypeError: cannot create weak reference to 'dict' object: a memory-saving cache built on weakref (WeakValueDictionary, WeakSet, WeakKeyDictionary, weakref.ref) is given plain dicts, lists, strings or a __slots__ class without __weakref__, which cannot be weakly referenced."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 5       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys
import weakref

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

records = [{"id": f"r{i}", "text": f"sample text {i}", "label": i % 3} for i in range([6, 8, 5, 7, 4][V])]
with open("records.jsonl", "w") as f:
    for r in records:
        f.write(json.dumps(r) + "\n")


class RecordCache:
    """Keeps parsed records only while someone still uses them."""

    def __init__(self):
        self._cache = weakref.WeakValueDictionary()

    def get(self, line_no, line):
        obj = self._cache.get(line_no)
        if obj is None:
            obj = json.loads(line)
            self._cache[line_no] = obj
        return obj


class Sample:
    __slots__ = ("id", "text", "label")

    def __init__(self, id, text, label):
        self.id, self.text, self.label = id, text, label


if V == 0:
    cache = RecordCache()
    with open("records.jsonl") as f:
        for i, line in enumerate(f):
            rec = cache.get(i, line)
            print(f"line {i}: {rec['id']}")
elif V == 1:
    memo = {}

    def tokenize(text):
        ref = memo.get(text)
        ids = ref() if ref is not None else None
        if ids is None:
            ids = [hash(w) % 1000 for w in text.split()]
            memo[text] = weakref.ref(ids)
        return ids

    for r in records:
        print(r["id"], tokenize(r["text"]))
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("dedup")
    seen = weakref.WeakSet()
    for r in records:
        log.info("processing %s", r["id"])
        if r["text"] in seen:
            continue
        seen.add(r["text"])
elif V == 3:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("features")
    feature_cache = weakref.WeakKeyDictionary()

    def features(record):
        if record not in feature_cache:
            feature_cache[record] = {"n_chars": len(record["text"]), "n_words": len(record["text"].split())}
        return feature_cache[record]

    for r in records:
        log.info("%s -> %s", r["id"], features(r))
else:
    pool = weakref.WeakValueDictionary()
    for r in records:
        s = Sample(**r)
        print("built", s.id)
        pool[s.id] = s
