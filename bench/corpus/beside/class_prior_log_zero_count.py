"""The naive-Bayes style scorer takes math.log(count / total) of each class prior; a class listed in classes.txt has no training examples yet."""
# beside: running-stats-one-pass-variance-negative
# why: the domain error is log(0) for an empty class in the user's prior computation, not a negative variance from a one-pass float32 formula.
EXPECT = []
VARIANTS = 2

import collections
import logging
import math
import sys

import numpy as np

VARIANT = int(sys.argv[1])


def main():
    classes = {0: ["billing", "shipping", "returns", "account", "warranty"],
               1: ["billing", "shipping", "returns", "account", "gdpr_request"]}[VARIANT]
    with open("classes.txt", "w") as fh:
        fh.write("\n".join(classes) + "\n")
    rng = np.random.default_rng(VARIANT)
    train_labels = rng.choice(classes[:-1], 400)  # nothing labelled with the newest class yet
    counts = collections.Counter(train_labels)
    total = sum(counts.values())
    with open("classes.txt") as fh:
        log_prior = {c: math.log(counts[c] / total) for c in fh.read().split()}
    print(log_prior)


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s ticket_router: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("fit failed")
            sys.exit(1)
    else:
        main()
