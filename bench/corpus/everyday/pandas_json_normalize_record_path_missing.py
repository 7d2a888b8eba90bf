"""pd.json_normalize(record_path=...) over API payloads where some records lack the list (an order without lines, a session without events): KeyError: "Key 'lines' not found. If specifying a record_path, all elements of data should have the path.\""""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def fetch_orders_page():
    return [
        {"order_id": 9001, "customer": {"id": 41}, "lines": [{"sku": "KTC-1", "qty": 2}, {"sku": "GRD-7", "qty": 1}]},
        {"order_id": 9002, "customer": {"id": 52}, "lines": [{"sku": "KTC-1", "qty": 1}]},
        {"order_id": 9003, "customer": {"id": 41}, "status": "cancelled"},
    ]


def order_lines_frame(orders):
    return pd.json_normalize(orders, record_path="lines", meta=["order_id", ["customer", "id"]])


def app_sessions():
    return [
        {"device": "ios", "session": {"id": "a1", "events": [{"name": "open"}, {"name": "add_to_cart"}]}},
        {"device": "android", "session": {"id": "b7"}},
    ]


def session_events(payload):
    return pd.json_normalize(payload, record_path=["session", "events"], meta=["device", ["session", "id"]])


def event_counts():
    events = session_events(app_sessions())
    return events.groupby("name").size()


def load_invoices(path, log):
    with open(path) as f:
        invoices = json.load(f)
    log.info("read %d invoices from %s", len(invoices), path)
    return pd.json_normalize(invoices, "items", ["invoice_no", "currency"])


if V == 0:
    print(order_lines_frame(fetch_orders_page()))
elif V == 1:
    print(event_counts())
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    with open("invoices_2024-12.json", "w") as f:
        json.dump([{"invoice_no": "INV-1", "currency": "EUR", "items": [{"amount": 12.5}]},
                   {"invoice_no": "INV-2", "currency": "EUR", "items": [{"amount": 3.0}, {"amount": 4.0}]},
                   {"invoice_no": "INV-3", "currency": "GBP", "credit_note": True}], f)
    print(load_invoices("invoices_2024-12.json", logging.getLogger("billing.etl")))
