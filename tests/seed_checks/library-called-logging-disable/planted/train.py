import logging

import fastdata

logging.basicConfig(level=logging.DEBUG)
logger = logging.getLogger("train")


def main() -> None:
    data = fastdata.load(100)
    logger.warning("only %d samples: check the data path", len(data))


if __name__ == "__main__":
    main()
