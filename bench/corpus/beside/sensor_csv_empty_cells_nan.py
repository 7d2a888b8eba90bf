"""The sensor log has empty cells where the logger dropped readings; read_csv turns them into NaN and the regressor is fit on the raw frame."""
# beside: churn-features-tickets-left-join-nan
# why: the NaN is missing readings already in the raw CSV, no join of any table is involved.
EXPECT = []
VARIANTS = 2

import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge
from sklearn.svm import SVR

VARIANT = int(sys.argv[1])

with open("sensors.csv", "w") as fh:
    fh.write("temp,humidity,load\n")
    for i in range(200):
        hum = "" if i % 23 == 5 else f"{40 + i % 30}"
        fh.write(f"{20 + i % 9},{hum},{i * 0.5}\n")
frame = pd.read_csv("sensors.csv")
model = Ridge() if VARIANT == 0 else SVR()
model.fit(frame[["temp", "humidity"]], frame["load"])
