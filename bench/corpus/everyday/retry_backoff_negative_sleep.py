"""A wait computed as 'interval minus elapsed' (rate limiter, backoff with jitter, poll deadline) goes negative and is passed to time.sleep: ValueError: sleep length must be non-negative."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import random
import sys
import time

VARIANT = int(sys.argv[1])
log = logging.getLogger("uploader")


def throttle(last_call, min_interval):
    # the timestamp of the last call is kept in the job state, written when the previous batch ended
    wait = min_interval - (time.time() - last_call)
    time.sleep(wait)


def backoff(attempt, base=0.01, jitter=0.05):
    rnd = random.Random(attempt)
    return base * 2 ** attempt - rnd.uniform(0, jitter)


if VARIANT == 0:
    state = {"last_call": time.time() - 5.0}
    for batch in range(3):
        print(f"uploading batch {batch}")
        throttle(state["last_call"], min_interval=1.0)
        state["last_call"] = time.time()
elif VARIANT == 1:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    for attempt in range(4):
        log.warning("upload failed (attempt %d), retrying", attempt + 1)
        time.sleep(backoff(attempt))
else:
    # the job was submitted by an earlier step of the pipeline; its timeout counts from then
    job = {"id": "export-231", "submitted": time.monotonic() - 30.0, "timeout_s": 20.0}
    polls = 0
    while True:
        polls += 1
        print(f"poll {polls}: job {job['id']} still running")
        remaining = job["submitted"] + job["timeout_s"] - time.monotonic()
        time.sleep(min(5.0, remaining))
