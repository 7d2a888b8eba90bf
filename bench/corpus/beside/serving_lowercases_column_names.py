"""The serving code normalizes incoming column names to snake/lower case, while the model was fit on the CRM export's CamelCase names."""
# beside: feature-service-client-returns-columns-sorted
# why: the names themselves differ (lower-cased by the serving code); the columns are not merely returned in another order by a feature-service client.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor

VARIANT = int(sys.argv[1])

rng = np.random.default_rng(VARIANT)
cols = {0: ["TenureMonths", "MonthlyCharges"], 1: ["NumSeats", "ArrPerSeat", "SupportTickets"]}[VARIANT]
train = pd.DataFrame({c: rng.normal(size=300) for c in cols})
model = RandomForestRegressor(n_estimators=10, random_state=0).fit(train, rng.normal(size=300))


def normalize(frame):
    frame.columns = [c.lower() for c in frame.columns]
    return frame


request = normalize(pd.DataFrame({c: rng.normal(size=3) for c in cols}))
if VARIANT == 1:
    print(f"request columns: {list(request.columns)}")
model.predict(request)
