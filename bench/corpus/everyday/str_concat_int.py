"""TypeError: can only concatenate str (not "int") to str when building a log or file name."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def checkpoint_name(run, epoch):
    return "ckpt_" + run + "_epoch" + epoch + ".pt"


def report(step, loss):
    print("step " + str(step) + " loss " + loss)


def tags(base):
    return base + ["v2"]


for epoch in range(1, 4):
    if V == 0:
        print(checkpoint_name("baseline", epoch))
    elif V == 1:
        report(epoch * 100, 0.5 / epoch)
    else:
        print(tags("experiment"))
