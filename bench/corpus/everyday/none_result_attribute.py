"""AttributeError: 'NoneType' object has no attribute ... when a lookup silently returns None."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import re
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

LOG_LINES = ["epoch=1 loss=0.93", "epoch=2 loss=0.71", "epoch=3 loss=nan (skipped)", "done"]


def parse(line):
    m = re.match(r"epoch=(\d+) loss=([0-9.]+)", line)
    return int(m.group(1)), float(m.group(2))


def find_user(users, name):
    for u in users:
        if u["name"] == name:
            return u


if V == 0:
    for line in LOG_LINES:
        print(parse(line))
elif V == 1:
    users = [{"name": "ana", "email": " ana@example.org "}]
    print(find_user(users, "ana")["email"].strip())
    print(find_user(users, "bob").get("email"))
else:
    settings = {"paths": {"out": "runs/"}}.get("path")
    print(settings.keys())
