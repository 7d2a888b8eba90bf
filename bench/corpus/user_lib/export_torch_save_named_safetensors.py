"""export_model.py writes the weights with torch.save but names the file model.safetensors; the serving loader opens it with safetensors."""
EXPECT = ["export-torch-save-file-named-safetensors"]
VARIANTS = 4

import logging
import os
import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])
torch.manual_seed(0)


def build_model(n_in):
    return nn.Sequential(nn.Linear(n_in, 64), nn.ReLU(), nn.Linear(64, 3))


def export_model(model, out_dir):
    """The team's export step (the file name was changed to .safetensors for the new serving image)."""
    os.makedirs(out_dir, exist_ok=True)
    torch.save(model.state_dict(), os.path.join(out_dir, "model.safetensors"))


def serve_load(out_dir, n_in):
    from safetensors.torch import load_file

    model = build_model(n_in)
    if VARIANT == 1:
        from safetensors import safe_open

        state = {}
        with safe_open(os.path.join(out_dir, "model.safetensors"), framework="pt") as fh:
            for key in fh.keys():
                state[key] = fh.get_tensor(key)
    else:
        state = load_file(os.path.join(out_dir, "model.safetensors"))
    model.load_state_dict(state)
    return model


def main():
    n_in = {0: 20, 1: 48, 2: 20, 3: 10}[VARIANT]
    out_dir = {0: "export/intent-clf", 1: "artifacts/risk-v4", 2: "export/intent-clf", 3: "export/triage"}[VARIANT]
    export_model(build_model(n_in), out_dir)
    if VARIANT == 3:
        print(f"exported to {out_dir}")
        print("starting serving worker 1/1")
    model = serve_load(out_dir, n_in)
    print(model(torch.zeros(1, n_in)))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s serving: %(message)s")
        logging.info("loading export/intent-clf")
        try:
            main()
        except Exception:
            logging.exception("model load failed")
            sys.exit(1)
    else:
        main()
