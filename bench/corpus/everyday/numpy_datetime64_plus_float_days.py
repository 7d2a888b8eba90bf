"""datetime64 dates shifted by a float number of days (a mean lead time, 1.5 days, a fractional step): UFuncTypeError: ufunc 'add' cannot use operands with types dtype('<M8[D]') and dtype('float64')."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def expected_delivery(order_dates, lead_times_days):
    mean_lead = lead_times_days.mean()
    return order_dates + mean_lead


def supplier_eta_report(orders):
    dates = np.array([o[1] for o in orders], dtype="datetime64[D]")
    leads = np.array([o[2] for o in orders], dtype=float)
    eta = expected_delivery(dates, leads)
    for (po, _, _), day in zip(orders, eta):
        print(po, day)


def label_cutoff(event_times, horizon_days):
    return event_times + np.timedelta64(horizon_days, "D")


def shift_back(timestamps, hours):
    return timestamps - hours / 24


if V == 0:
    supplier_eta_report([("PO-881", "2024-06-01", 3), ("PO-882", "2024-06-02", 4), ("PO-883", "2024-06-03", 2)])
elif V == 1:
    events = np.array(["2024-06-01T08:00", "2024-06-01T17:45"], dtype="datetime64[m]")
    for horizon in (7, 1.5):
        print(f"horizon {horizon} days -> cutoffs", label_cutoff(events, horizon))
else:
    readings = np.arange("2024-06-01T00", "2024-06-01T06", dtype="datetime64[h]")
    print(f"{readings.size} hourly readings")
    print(shift_back(readings, 0.5))
