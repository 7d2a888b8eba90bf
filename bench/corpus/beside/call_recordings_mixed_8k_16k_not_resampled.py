"""The call-intent audio set mixes app recordings (16 kHz) with recordings from the telephony provider (8 kHz); the dataset reads every WAV's frames as they are, without resampling to 16 kHz, so a 5 s phone call has half the samples."""
# beside: keyword-clips-export-v2-trims-silence-short-clips
# why: every clip is a full 5 s; the short ones are 8 kHz telephony recordings never resampled, not clips trimmed by the labeling export; the fix is to resample by the file's frame rate.
EXPECT = []
VARIANTS = 2

import os
import sys
import wave

import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

VARIANT = int(sys.argv[1])


def write_wav(path, rate, seconds, rng):
    audio = (rng.normal(0, 0.05, rate * seconds) * 32767).astype(np.int16)
    with wave.open(path, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(audio.tobytes())


class CallClips(Dataset):
    def __init__(self, folder):
        self.files = sorted(os.path.join(folder, f) for f in os.listdir(folder))

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        with wave.open(self.files[i], "rb") as wav:
            audio = np.frombuffer(wav.readframes(wav.getnframes()), dtype=np.int16)
        return torch.from_numpy(audio.astype(np.float32) / 32768.0)


rng = np.random.default_rng(VARIANT)
os.makedirs("data/calls", exist_ok=True)
for i in range(12):
    source, rate = ("app", 16000) if i % 4 else ("pstn", 8000)
    write_wav(f"data/calls/{source}_{i:04d}.wav", rate, 5, rng)
loader = DataLoader(CallClips("data/calls"), batch_size={0: 8, 1: 6}[VARIANT], shuffle=bool(VARIANT),
                    generator=torch.Generator().manual_seed(3))
for batch in loader:
    print(batch.shape)
