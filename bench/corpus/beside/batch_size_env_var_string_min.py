"""The eval script caps the batch size with min(os.environ.get("EVAL_BATCH_SIZE", 64), len(dataset)); the environment variable is a string."""
# beside: crm-migration-mixed-int-and-string-customer-ids
# why: the str comes from an environment variable in the user's own config code, not from mixed customer ids in a CRM export.
EXPECT = []
VARIANTS = 2

import os
import sys

VARIANT = int(sys.argv[1])

os.environ["EVAL_BATCH_SIZE"] = {0: "32", 1: "256"}[VARIANT]  # as set by the CI job


def eval_batches(n_examples):
    batch_size = min(n_examples, os.environ.get("EVAL_BATCH_SIZE", 64))
    return [range(i, min(i + batch_size, n_examples)) for i in range(0, n_examples, batch_size)]


if VARIANT == 1:
    print("evaluating checkpoint step_12000")
print(f"{len(eval_batches({0: 1000, 1: 5000}[VARIANT]))} eval batches")
