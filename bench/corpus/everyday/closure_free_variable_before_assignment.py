"""A nested function or lambda (a callback, a sort key) reads a variable of the enclosing function that is only assigned after it is called: NameError: cannot access free variable ... where it is not associated with a value in enclosing scope."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def train(epochs, on_epoch_end):
    for epoch in range(1, epochs + 1):
        loss = 1.0 / epoch
        print(f"epoch {epoch} loss={loss:.3f}")
        on_epoch_end(epoch, loss)


def run_with_checkpointing():
    def maybe_save(epoch, loss):
        if loss < best_loss:
            print(f"saving checkpoint for epoch {epoch}")

    train(3, maybe_save)
    best_loss = float("inf")


def rank_candidates(candidates):
    ranked = sorted(candidates, key=lambda c: weights[c["source"]] * c["score"])
    weights = {"bm25": 0.3, "dense": 0.7}
    return ranked


def build_pipeline(steps):
    def apply(x):
        for step in steps:
            x = step(x) / scale
        return x

    print("warming up pipeline")
    apply(1.0)
    scale = max(1, len(steps))
    return apply


if __name__ == "__main__":
    if V == 0:
        run_with_checkpointing()
    elif V == 1:
        print(rank_candidates([{"source": "bm25", "score": 3.1}, {"source": "dense", "score": 0.8}]))
    else:
        build_pipeline([abs, float])
