"""The loader picks the first weights file in a checkpoint folder and always opens it with safetensors; older checkpoints only have pytorch_model.bin."""
# beside: export-torch-save-file-named-safetensors
# why: the file is correctly named pytorch_model.bin (a torch.save archive) and the loader chose the wrong reader for it; no export wrote a torch.save file as model.safetensors.
EXPECT = []
VARIANTS = 2

import glob
import json
import os
import sys

import torch
from safetensors.torch import load_file, save_file
from torch import nn

VARIANT = int(sys.argv[1])


def build_model(n_in, n_out):
    return nn.Sequential(nn.Linear(n_in, 32), nn.Tanh(), nn.Linear(32, n_out))


def make_checkpoints():
    """ckpt-1200 predates the switch to safetensors; ckpt-2400 is new."""
    for step, fmt in ((1200, "bin"), (2400, "safetensors")):
        d = f"checkpoints/ckpt-{step}"
        os.makedirs(d, exist_ok=True)
        state = build_model(16, 4).state_dict()
        if fmt == "bin":
            torch.save(state, os.path.join(d, "pytorch_model.bin"))
        else:
            save_file(state, os.path.join(d, "model.safetensors"))
        with open(os.path.join(d, "trainer_state.json"), "w") as fh:
            json.dump({"global_step": step}, fh)


def weights_file(ckpt_dir):
    files = sorted(glob.glob(os.path.join(ckpt_dir, "*.safetensors")) + glob.glob(os.path.join(ckpt_dir, "*.bin")))
    return files[0]


def load_checkpoint(ckpt_dir):
    model = build_model(16, 4)
    model.load_state_dict(load_file(weights_file(ckpt_dir)))
    return model


def main():
    make_checkpoints()
    if VARIANT == 1:
        for ckpt in sorted(glob.glob("checkpoints/ckpt-*"), reverse=True):
            print(f"evaluating {ckpt}")
            load_checkpoint(ckpt)
    else:
        load_checkpoint("checkpoints/ckpt-1200")


if __name__ == "__main__":
    main()
