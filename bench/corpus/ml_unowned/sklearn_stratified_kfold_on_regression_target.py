"""StratifiedKFold (copied from a classification notebook) used to cross-validate a regressor on a continuous target: Supported target types are: ('binary', 'multiclass'). Got 'continuous' instead."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingRegressor
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_absolute_error
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_score

variant = int(sys.argv[1])
rng = np.random.default_rng(variant)
n = [400, 1000, 150][variant]
df = pd.DataFrame(rng.normal(size=(n, 5)), columns=["age", "bmi", "bp", "s1", "s2"])
df["progression"] = 150 + 40 * df["bmi"] + 25 * df["bp"] + rng.normal(0, 20, n)
df.to_csv("diabetes.csv", index=False)

data = pd.read_csv("diabetes.csv")
X, y = data.drop(columns="progression"), data["progression"]
cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=42)
print(f"{len(data)} rows, target range {y.min():.1f}..{y.max():.1f}")

if variant == 0:
    scores = cross_val_score(Ridge(alpha=1.0), X, y, cv=cv, scoring="neg_mean_absolute_error")
    print("MAE", -scores.mean())
elif variant == 1:
    search = GridSearchCV(GradientBoostingRegressor(random_state=0), {"max_depth": [2, 3]}, cv=cv)
    search.fit(X, y)
    print(search.best_params_)
else:
    oof = np.zeros(len(y))
    for fold, (tr, va) in enumerate(cv.split(X, y)):
        model = Ridge().fit(X.iloc[tr], y.iloc[tr])
        oof[va] = model.predict(X.iloc[va])
        print(f"fold {fold} MAE {mean_absolute_error(y.iloc[va], oof[va]):.2f}")
