"""One-hot columns from pd.get_dummies differ between training and serving data: X has N features, but the estimator is expecting M features as input."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingRegressor
from sklearn.linear_model import Ridge
from sklearn.preprocessing import MinMaxScaler

variant = int(sys.argv[1])
train = pd.DataFrame({"sqft": np.random.rand(60) * 100, "city": np.random.choice(["berlin", "paris", "rome"], 60),
                      "price": np.random.rand(60)})
serve = pd.DataFrame({"sqft": [50.0, 72.0], "city": ["paris", "paris"]})

X_train = pd.get_dummies(train.drop(columns="price"), columns=["city"]).to_numpy(dtype=float)
X_serve = pd.get_dummies(serve, columns=["city"]).to_numpy(dtype=float)
print(f"train features {X_train.shape[1]}, serve features {X_serve.shape[1]}")
if variant == 0:
    model = Ridge().fit(X_train, train["price"])
    print(model.predict(X_serve))
elif variant == 1:
    scaler = MinMaxScaler().fit(X_train)
    print(scaler.transform(X_serve))
else:
    model = GradientBoostingRegressor(n_estimators=5).fit(X_train, train["price"])
    print(model.predict(np.hstack([X_serve, np.zeros((2, 3))])))
