"""logging configured only under __main__: spawn/forkserver workers start with an unconfigured root logger, their INFO lines never reach the log file; the run summary check fails."""
EXPECT = ["logging-lost-in-child-processes"]
VARIANTS = 3

import logging
import multiprocessing as mp
import sys
from pathlib import Path

log = logging.getLogger(__name__)


def featurize(shard):
    log.info("shard %d: featurizing %d rows", shard, 1000 + shard)
    if shard == 3:
        log.warning("shard %d: 12 rows with empty text skipped", shard)
    return sum(i * i for i in range(20000 + shard))


def main(v):
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(processName)s %(levelname)s %(message)s",
                        handlers=[logging.FileHandler("features.log"), logging.StreamHandler()])
    log.info("featurizing %d shards with %d workers", 6, [2, 3, 2][v])
    ctx = mp.get_context(["spawn", "forkserver", "spawn"][v])
    if v == 2:
        procs = [ctx.Process(target=featurize, args=(s,), name=f"shard-{s}") for s in range(6)]
        [p.start() for p in procs]
        [p.join() for p in procs]
    else:
        with ctx.Pool([2, 3][v]) as pool:
            results = pool.map(featurize, range(6))
        log.info("done: %d shards", len(results))
    for h in logging.getLogger().handlers:
        h.flush()
    text = Path("features.log").read_text()
    per_shard = [s for s in range(6) if f"shard {s}: featurizing" in text]
    assert len(per_shard) == 6, f"features.log has lines for shards {per_shard} of 0..5: worker logs are missing"


if __name__ == "__main__":
    main(int(sys.argv[1]))
