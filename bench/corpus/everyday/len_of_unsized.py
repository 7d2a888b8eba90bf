"""TypeError: object of type ... has no len() for generators, ints or None."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def read_records(n):
    for i in range(n):
        yield {"id": i}


def count_tokens(text):
    if text:
        return len(text.split())


if V == 0:
    records = read_records(10)
    print(f"loaded {len(records)} records")
elif V == 1:
    print(len(count_tokens("a b c")))
else:
    print(len(count_tokens("")))
