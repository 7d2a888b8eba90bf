import logging
import multiprocessing as mp

logger = logging.getLogger(__name__)


def preprocess(shard: int) -> int:
    logger.info("shard %d: tokenised", shard)  # never shows up: this process has no logging config
    return shard * 10


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(processName)s %(message)s")  # this process only
    mp.set_start_method("spawn")
    logger.info("preprocessing 4 shards")
    with mp.Pool(2) as pool:
        print(sum(pool.map(preprocess, range(4))))
