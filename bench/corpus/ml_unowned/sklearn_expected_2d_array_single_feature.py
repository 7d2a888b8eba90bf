"""A single feature column or a single sample passed as a 1D array to fit/predict: Expected a 2-dimensional container but got ... / Expected 2D array, got 1D array instead."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from sklearn.linear_model import LinearRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.preprocessing import StandardScaler

variant = int(sys.argv[1])
df = pd.DataFrame({"temp": np.random.rand(40) * 30, "sales": np.random.rand(40) * 100})
if variant == 0:
    model = LinearRegression().fit(df["temp"], df["sales"])        # Series, not df[["temp"]]
elif variant == 1:
    X = np.random.rand(50, 3)
    knn = KNeighborsClassifier(3).fit(X, np.random.randint(0, 2, 50))
    sample = np.array([0.2, 0.5, 0.9])                              # one request, not reshaped
    print(knn.predict(sample))
else:
    scaled = StandardScaler().fit_transform(df["temp"].values)
