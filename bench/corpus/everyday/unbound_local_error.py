"""UnboundLocalError when a variable is only assigned inside a branch that did not run."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
counter = 0


def best_epoch(losses):
    for epoch, loss in enumerate(losses):
        if loss < 0.1:
            best = epoch
    return best


def step():
    counter += 1
    return counter


def pick_optimizer(name):
    if name == "sgd":
        opt = {"momentum": 0.9}
    elif name == "adam":
        opt = {"betas": (0.9, 0.999)}
    return opt


if V == 0:
    print(best_epoch([0.9, 0.5, 0.3, 0.25]))
elif V == 1:
    print(step())
else:
    print(pick_optimizer("adamw"))
