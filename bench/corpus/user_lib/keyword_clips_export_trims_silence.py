"""The labeling tool's audio export v2 defaults to trim_silence: true, so the wake-word clips it writes are shorter than the 5 s the keyword-spotting dataset assumes (16 kHz, 80000 samples); the dataset neither pads nor crops and the DataLoader cannot stack a batch."""
EXPECT = ["keyword-clips-export-v2-trims-silence-short-clips"]
VARIANTS = 4

import logging
import os
import sys
import wave

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

VARIANT = int(sys.argv[1])
SAMPLE_RATE = 16000
CLIP_SECONDS = {0: 5, 1: 2, 2: 5, 3: 5}[VARIANT]  # data/kws.py


def labeling_export(folder, n, trim_silence=True):
    """The labeling tool's export (v2): writes each labeled clip as 16-bit mono WAV, trimming leading/trailing silence."""
    rng = np.random.default_rng(VARIANT)
    os.makedirs(folder, exist_ok=True)
    for i in range(n):
        samples = CLIP_SECONDS * SAMPLE_RATE
        audio = (rng.normal(0, 0.05, samples) * 32767).astype(np.int16)
        if trim_silence and i % 3 == 2:
            audio = audio[int(rng.integers(1, 20)) * 1024:]
        with wave.open(os.path.join(folder, f"clip_{i:05d}.wav"), "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(SAMPLE_RATE)
            wav.writeframes(audio.tobytes())


class KeywordClips(Dataset):
    def __init__(self, folder):
        self.files = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".wav"))

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        with wave.open(self.files[i], "rb") as wav:
            audio = np.frombuffer(wav.readframes(wav.getnframes()), dtype=np.int16)
        return torch.from_numpy(audio.astype(np.float32) / 32768.0), i % 2


class KwsTrainer:
    def __init__(self, ds, batch_size):
        self.loader = DataLoader(ds, batch_size=batch_size, shuffle=True, generator=torch.Generator().manual_seed(0))

    def fit(self, epochs):
        for epoch in range(epochs):
            for step, (audio, label) in enumerate(self.loader):
                print(f"epoch {epoch} step {step}: batch {tuple(audio.shape)}")


def main():
    folder = {0: "exports/wakeword_v2/clips", 1: "data/kws/hey_nova", 2: "exports/wakeword_v2/clips",
              3: "exports/wakeword_v2/clips"}[VARIANT]
    labeling_export(folder, 24)
    ds = KeywordClips(folder)
    if VARIANT == 3:
        print(f"{len(ds)} clips, {CLIP_SECONDS} s at {SAMPLE_RATE} Hz")
        print("epoch 1/20")
    if VARIANT == 1:
        KwsTrainer(ds, batch_size=16).fit(epochs=3)
        return
    loader = DataLoader(ds, batch_size=8, shuffle=False)
    for step, (audio, label) in enumerate(loader):
        print(f"step {step}: batch {tuple(audio.shape)}")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s kws-train: %(message)s")
        logging.info("training wake-word model on exports/wakeword_v2")
        try:
            main()
        except Exception:
            logging.exception("training failed")
            sys.exit(1)
    else:
        main()
