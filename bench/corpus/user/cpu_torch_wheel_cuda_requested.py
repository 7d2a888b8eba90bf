"""The inference image was rebuilt from requirements.txt with the CPU-only torch wheel; the worker still moves the model to cuda."""
EXPECT = ["inference-image-cpu-only-torch-wheel-cuda"]
VARIANTS = 4

import logging
import os
import sys

import torch

VARIANT = int(sys.argv[1])


class Embedder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Sequential(torch.nn.Linear(512, 256), torch.nn.ReLU(), torch.nn.Linear(256, 128))

    def forward(self, x):
        return torch.nn.functional.normalize(self.proj(x), dim=-1)


def load_model(device):
    model = Embedder().eval()
    return model.to(device)


def main():
    device = os.environ.get("INFERENCE_DEVICE", "cuda")
    if VARIANT == 0:
        model = load_model(device)
    elif VARIANT == 1:
        torch.cuda.set_device(int(os.environ.get("LOCAL_RANK", "0")))
    elif VARIANT == 2:
        model = Embedder().eval().cuda()
    else:
        print(f"torch {torch.__version__}")
        print("embed-worker: warming up ...")
        model = load_model("cuda:0")
        with torch.no_grad():
            model(torch.randn(8, 512, device="cuda:0"))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s embed-worker %(message)s")
        logging.info("starting, model=embedder_v4")
        try:
            main()
        except Exception:
            logging.exception("worker failed to start")
            sys.exit(1)
    else:
        main()
