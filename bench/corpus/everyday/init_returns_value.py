"""An __init__ that ends with `return self`, returns a validation result or the loaded dict: TypeError: __init__() should return None, not '...'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

with open("model_card.json", "w") as f:
    json.dump({"name": "churn-gbm", "version": 3, "features": ["tenure", "fee", "tickets"]}, f)


class ModelCard:
    def __init__(self, path):
        with open(path) as f:
            self.data = json.load(f)
        self.name = self.data["name"]
        return self.data


class FeatureSpec:
    def __init__(self, names, required=("tenure",)):
        self.names = list(names)
        missing = [r for r in required if r not in self.names]
        return not missing


class Trainer:
    def __init__(self, lr, epochs):
        self.lr = lr
        self.epochs = epochs
        print(f"trainer ready: lr={lr} epochs={epochs}")
        return self


def main():
    if V == 0:
        card = ModelCard("model_card.json")
        print(card.name)
    elif V == 1:
        spec = FeatureSpec(["tenure", "fee"])
        print(spec.names)
    else:
        Trainer(lr=1e-3, epochs=5)


if __name__ == "__main__":
    main()
