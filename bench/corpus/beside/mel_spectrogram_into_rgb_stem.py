"""A machine-sound classifier reuses the image defect model's CNN (3-channel stem) on 1-channel log-mel spectrograms."""
# beside: line3-mono-camera-frames-single-channel
# why: the one channel is a spectrogram fed to a model built for images (the user's model choice), not frames from a monochrome inspection camera.
EXPECT = []
VARIANTS = 2

import logging
import sys

import numpy as np
import torch
from torch import nn

VARIANT = int(sys.argv[1])


def log_mel(batch, n_mels=96, frames=96):
    rng = np.random.default_rng(VARIANT)
    return torch.tensor(np.log1p(rng.gamma(2.0, 1.0, (batch, 1, n_mels, frames))), dtype=torch.float32)


def image_cnn(n_classes):
    torch.manual_seed(0)
    return nn.Sequential(
        nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        nn.Flatten(), nn.Linear(32, n_classes),
    )


def main():
    model = image_cnn(4)
    x = log_mel(8, frames={0: 96, 1: 188}[VARIANT])
    labels = torch.randint(0, 4, (8,))
    loss = nn.functional.cross_entropy(model(x), labels)
    loss.backward()


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s pump_audio: %(message)s")
        logging.info("training on 10s clips")
        try:
            main()
        except Exception:
            logging.exception("training step failed")
            sys.exit(1)
    else:
        main()
