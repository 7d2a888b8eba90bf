import logging
import multiprocessing as mp

logger = logging.getLogger(__name__)


def setup_logging() -> None:
    logging.basicConfig(level=logging.INFO, format="%(processName)s %(message)s")


setup_logging()  # at import: every spawned worker re-imports this module and is configured too


def preprocess(shard: int) -> int:
    logger.info("shard %d: tokenised", shard)
    return shard * 10


if __name__ == "__main__":
    mp.set_start_method("spawn")
    logger.info("preprocessing 4 shards")
    with mp.Pool(2) as pool:
        print(sum(pool.map(preprocess, range(4))))
