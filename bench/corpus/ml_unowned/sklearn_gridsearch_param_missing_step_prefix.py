"""GridSearchCV over a Pipeline with parameter names lacking the `step__` prefix: Invalid parameter ... for estimator Pipeline."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
from sklearn.decomposition import PCA
from sklearn.model_selection import GridSearchCV, RandomizedSearchCV
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

variant = int(sys.argv[1])
X, y = np.random.rand(60, 6), np.random.randint(0, 2, 60)
pipe = Pipeline([("scale", StandardScaler()), ("pca", PCA()), ("svm", SVC())])
grids = [{"C": [0.1, 1, 10], "kernel": ["rbf", "linear"]},
         {"svm__C": [1, 10], "pca__n_component": [2, 3]},       # typo in the parameter name
         {"svc__gamma": [0.01, 0.1]}]                            # step is called "svm"
search_cls = RandomizedSearchCV if variant == 2 else GridSearchCV
kwargs = {"n_iter": 2} if variant == 2 else {}
search = search_cls(pipe, grids[variant], cv=3, **kwargs)
print(f"searching {grids[variant]}")
search.fit(X, y)
