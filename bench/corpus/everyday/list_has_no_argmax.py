"""AttributeError when a numpy method is called on a plain Python list of scores."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def predict(row):
    return [0.1 * ((len(row) + k) % 4) for k in range(4)]


def evaluate(rows):
    preds = []
    for row in rows:
        probs = predict(row)
        if V == 0:
            preds.append(probs.argmax())
        elif V == 1:
            preds.append(probs.shape[0])
        else:
            preds.append(probs.mean())
    return preds


rows = ["the cat", "a dog barked", "hello"]
print(f"evaluating {len(rows)} rows")
print(evaluate(rows))
