"""pd.merge(validate='one_to_one' / 'many_to_one') guarding a feature join fails because the lookup table has duplicate keys: MergeError: Merge keys are not unique in right dataset."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
log = logging.getLogger("features")

with open("users.csv", "w") as f:
    f.write("user_id,country,signup_year\n")
    for uid in [101, 102, 103, 104, 105, 103]:          # user 103 exported twice after a profile edit
        f.write(f"{uid},{'DE' if uid % 2 else 'FR'},{2015 + uid % 7}\n")
with open("sessions.csv", "w") as f:
    f.write("session_id,user_id,duration_s\n")
    for i in range(10):
        f.write(f"s{i},{101 + i % 5},{30 + 7 * i}\n")


def join_user_features(sessions, users):
    if V == 0:
        return sessions.merge(users, on="user_id", how="left", validate="many_to_one")
    if V == 1:
        latest = sessions.groupby("user_id", as_index=False)["duration_s"].sum()
        return latest.merge(users, on="user_id", validate="one_to_one")
    return users.merge(sessions, on="user_id", how="right", validate="1:m")


def main():
    sessions = pd.read_csv("sessions.csv")
    users = pd.read_csv("users.csv")
    log.info("sessions=%d users=%d", len(sessions), len(users))
    table = join_user_features(sessions, users)
    log.info("joined table: %s", table.shape)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s | %(message)s")
    main()
