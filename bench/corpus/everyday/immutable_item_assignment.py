"""TypeError: object does not support item assignment on a tuple or string."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

if V == 0:
    image_size = (224, 224)
    image_size[0] = 256
elif V == 1:
    name = "model_v1.pt"
    name[-4] = "2"
else:
    def defaults():
        return ("adam", 1e-3, 10)

    opt = defaults()
    print("optimizer", opt[0])
    opt[1] *= 0.1
