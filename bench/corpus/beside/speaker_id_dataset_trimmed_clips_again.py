"""A teammate's speaker-verification experiment reuses the wake-word clips from the labeling tool's v2 export, which trims silence by default, and batches them as fixed 5 s, 16 kHz clips."""
# beside: keyword-clips-export-v2-trims-silence-short-clips
# why: the v2 export's trim_silence default shortened some clips and the dataset assumes 80000 samples with no pad or crop, the entry's cause and fix.
EXPECT = ["keyword-clips-export-v2-trims-silence-short-clips"]
VARIANTS = 2

import os
import sys
import wave

import numpy as np
import torch
from torch.utils.data import DataLoader

VARIANT = int(sys.argv[1])
RATE = 16000


def export_v2(folder, n):
    """The labeling tool's export with its v2 default, trim_silence: true."""
    rng = np.random.default_rng(11 + VARIANT)
    os.makedirs(folder, exist_ok=True)
    for i in range(n):
        audio = (rng.normal(0, 0.05, 5 * RATE) * 32767).astype(np.int16)
        if i % 4 == 1:
            audio = audio[: -int(rng.integers(2, 30)) * 512]
        with wave.open(os.path.join(folder, f"spk{i % 5}_{i:04d}.wav"), "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(RATE)
            wav.writeframes(audio.tobytes())


def load(path):
    with wave.open(path, "rb") as wav:
        return torch.from_numpy(np.frombuffer(wav.readframes(wav.getnframes()), dtype=np.int16).astype(np.float32))


folder = "exports/wakeword_v2/clips"
export_v2(folder, 20)
clips = [load(os.path.join(folder, f)) for f in sorted(os.listdir(folder))]
for batch in DataLoader(clips, batch_size={0: 10, 1: 4}[VARIANT]):
    print("embedding batch", tuple(batch.shape))
