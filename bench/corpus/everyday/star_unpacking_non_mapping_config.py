"""`**cfg` / `*args` unpacking of a config section that YAML loaded as a list or as None (an empty section): argument after ** must be a mapping, not list / 'NoneType' object is not a mapping."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

CONFIGS = {
    0: "model:\n  - hidden_dim: 256\n  - num_layers: 4\n  - dropout: 0.1\ntrain:\n  lr: 0.001\n",
    1: "model:\n  hidden_dim: 256\n  num_layers: 4\noverrides:\ntrain:\n  lr: 0.001\n",
    2: "model:\n  hidden_dim: 128\ndata:\n  image_size:\n",
}
with open("config.yaml", "w") as f:
    f.write(CONFIGS[V])


class MLP:
    def __init__(self, hidden_dim=64, num_layers=2, dropout=0.0):
        self.hidden_dim, self.num_layers, self.dropout = hidden_dim, num_layers, dropout


def resize_shape(h, w):
    return (h, w)


with open("config.yaml") as f:
    cfg = yaml.safe_load(f)
print("config sections:", list(cfg))

if V == 0:
    model = MLP(**cfg["model"])
elif V == 1:
    model_cfg = {**cfg["model"], **cfg["overrides"]}
    model = MLP(**model_cfg)
else:
    model = MLP(**cfg["model"])
    print("model hidden dim", model.hidden_dim)
    shape = resize_shape(*cfg["data"]["image_size"])
print(vars(model))
