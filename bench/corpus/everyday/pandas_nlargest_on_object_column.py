"""nlargest/nsmallest on a numeric-looking column that was read as strings ("$1,204", "timeout", "n/a"): TypeError: Column 'revenue' has dtype str, cannot use method 'nlargest' with this dtype."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import io
import sys

import pandas as pd

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

PRODUCTS_CSV = """sku,title,revenue
A-100,Trail shoe,"$1,204.50"
A-101,Rain jacket,$980.00
A-102,Wool socks,$45.10
A-103,Day pack,"$2,310.00"
"""

LATENCY_CSV = """request_id,model,latency_ms
r1,search-rerank-b,41
r2,search-rerank-b,timeout
r3,search-rerank-b,38
r4,search-rerank-c,29
"""


def top_products(csv_text, k=3):
    frame = pd.read_csv(io.StringIO(csv_text))
    return frame.nlargest(k, "revenue")


def fastest_requests(csv_text, k=2):
    frame = pd.read_csv(io.StringIO(csv_text))
    return frame.nsmallest(k, "latency_ms")


def best_weeks_per_store(frame, k=2):
    return frame.groupby("store_id")["units"].nlargest(k)


if V == 0:
    print(top_products(PRODUCTS_CSV))
elif V == 1:
    print("latency report for rerank canary")
    print(fastest_requests(LATENCY_CSV))
else:
    weekly = pd.DataFrame({
        "store_id": [3, 3, 3, 58, 58],
        "week": [20, 21, 22, 20, 21],
        "units": ["130", "98", "n/a", "75", "80"],
    })
    print(f"{weekly['store_id'].nunique()} stores")
    print(best_weeks_per_store(weekly))
