"""ImportError: cannot import name 'Mapping' from 'collections': an older config/utility module imports the abstract base classes (Mapping, MutableMapping, Iterable, Sequence) from collections instead of collections.abc, removed in Python 3.10."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import collections
import logging
import os
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
sys.path.insert(0, os.getcwd())

os.makedirs("utils", exist_ok=True)
open("utils/__init__.py", "w").close()
with open("utils/config.py", "w") as f:
    f.write(
        "from collections import Mapping\n\n"
        "def deep_update(base, override):\n"
        "    for k, v in override.items():\n"
        "        if isinstance(v, Mapping) and isinstance(base.get(k), Mapping):\n"
        "            deep_update(base[k], v)\n"
        "        else:\n"
        "            base[k] = v\n"
        "    return base\n"
    )
with open("utils/attrdict.py", "w") as f:
    f.write(
        "import collections\n\n"
        "class AttrDict(collections.MutableMapping):\n"
        "    def __init__(self, *a, **kw):\n"
        "        self._d = dict(*a, **kw)\n"
    )


def flatten(items):
    for x in items:
        if isinstance(x, collections.Iterable) and not isinstance(x, str):
            yield from flatten(x)
        else:
            yield x


if V == 0:
    from utils.config import deep_update
    print(deep_update({"optim": {"lr": 1e-3}}, {"optim": {"lr": 3e-4}}))
elif V == 1:
    print("loading run config", flush=True)
    from utils.attrdict import AttrDict
    print(AttrDict(lr=0.1))
elif V == 2:
    tags = ["vision", ["resnet", ["imagenet", "224px"]], "baseline"]
    print(list(flatten(tags)))
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("batching")

    def batch_size_of(batch):
        if isinstance(batch, collections.Sequence):
            return len(batch)
        return batch.shape[0]

    for i, b in enumerate([[1, 2, 3], [4, 5]]):
        try:
            log.info("batch %d has %d rows", i, batch_size_of(b))
        except AttributeError:
            log.exception("could not size batch %d", i)
            raise
