import logging

import metrics

logging.basicConfig(level=logging.INFO, force=True)  # replaces the handler the library attached
logger = logging.getLogger(__name__)


def main() -> None:
    logger.info("Starting training")
    for step in range(3):
        logger.info("step %d loss %.3f", step, metrics.mean([1.0 / (step + 1)]))


if __name__ == "__main__":
    main()
