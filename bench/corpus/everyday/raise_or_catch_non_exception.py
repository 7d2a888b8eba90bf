"""Raising or catching something that is not an exception class (a string, an error-code dict, a plain class; an `except` tuple holding a message): TypeError: exceptions must derive from BaseException / catching classes that do not inherit from BaseException is not allowed."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
log = logging.getLogger("validate")

rows = [{"id": 1, "age": 34}, {"id": 2, "age": -3}, {"id": 3, "age": 51}]


def check_row(row):
    if row["age"] < 0:
        raise f"invalid age {row['age']} in row {row['id']}"
    return row


class SchemaError:
    """Raised when the input does not match the schema."""

    def __init__(self, msg):
        self.msg = msg


def validate_schema(record, required=("id", "text", "label")):
    missing = [k for k in required if k not in record]
    if missing:
        raise SchemaError(f"missing {missing}")


RETRYABLE = (TimeoutError, ConnectionError, "HTTP 503")


def parse_payload(text):
    try:
        return json.loads(text)
    except RETRYABLE:
        log.warning("retryable error, will try again")
        return None


if V == 0:
    for row in rows:
        log.info("checking row %d", row["id"])
        check_row(row)
elif V == 1:
    for rec in [{"id": 1, "text": "ok", "label": 0}, {"id": 2, "text": "no label"}]:
        log.info("validating record %d", rec["id"])
        validate_schema(rec)
else:
    print(parse_payload('{"x": 1}'))
    print(parse_payload('{"x": 1,}'))
