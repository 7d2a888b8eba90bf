"""`.dt` used on a date column that was never parsed (read from CSV as strings, epoch seconds as ints, or a concat of parsed and unparsed parts): AttributeError: Can only use .dt accessor with datetimelike values."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import io
import logging
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

SIGNUPS = "user_id,signup_date,plan\n1,2024-03-02,free\n2,2024-03-05,pro\n3,2024-04-11,free\n"


def calendar_features(frame, col):
    out = frame.copy()
    out[f"{col}_dow"] = out[col].dt.dayofweek
    out[f"{col}_month"] = out[col].dt.month
    return out


def build_signup_features(text):
    frame = pd.read_csv(io.StringIO(text))
    return calendar_features(frame, "signup_date")


def load_events(archive, recent):
    archive["ts"] = pd.to_datetime(archive["ts"])
    return pd.concat([archive, recent], ignore_index=True)


if V == 0:
    print(build_signup_features(SIGNUPS))
elif V == 1:
    archive = pd.DataFrame({"ts": ["2024-05-01 10:00", "2024-05-02 11:30"], "event": ["view", "cart"]})
    recent = pd.DataFrame({"ts": ["2024-06-01 09:15"], "event": ["buy"]})
    events = load_events(archive, recent)
    print(f"{len(events)} events")
    events["hour"] = events["ts"].dt.hour
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    sessions = pd.DataFrame({"session_id": ["s1", "s2"], "started_at": [1717228800, 1717232400]})
    logging.getLogger("sessions").info("localizing %d sessions", len(sessions))
    sessions["started_local"] = sessions["started_at"].dt.tz_localize("UTC").dt.tz_convert("Europe/Berlin")
