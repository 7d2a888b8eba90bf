"""Reflect padding wider than the input: a centred STFT / framing front-end on an audio clip shorter than n_fft/2, or a reflect-padded conv on a tiny feature map: Padding size should be less than the corresponding input dimension."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, Dataset

variant = int(sys.argv[1])
SR = 16000


class LogSpectrogram(nn.Module):
    def __init__(self, n_fft=512, hop=160):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("window", torch.hann_window(n_fft))

    def forward(self, wave):                       # (batch, samples)
        x = F.pad(wave.unsqueeze(1), (self.n_fft // 2, self.n_fft // 2), mode="reflect").squeeze(1)
        frames = x.unfold(-1, self.n_fft, self.hop) * self.window
        return torch.log1p(torch.fft.rfft(frames).abs())


class KeywordClips(Dataset):
    def __init__(self, durations):
        self.durations = durations

    def __len__(self):
        return len(self.durations)

    def __getitem__(self, i):
        wave = torch.from_numpy(np.random.default_rng(i).standard_normal(int(self.durations[i] * SR))).float()
        spec = torch.stft(wave, n_fft=400, hop_length=160, window=torch.hann_window(400),
                          center=True, pad_mode="reflect", return_complex=True)
        return spec.abs()[:, :50].mean(-1)


if __name__ == "__main__":
    if variant == 0:
        frontend = LogSpectrogram()
        for dur in [1.0, 0.5, 0.012]:              # the last one is a click the VAD let through
            spec = frontend(torch.randn(2, int(dur * SR)))
            print(f"{dur:.3f}s -> {tuple(spec.shape)}")
    elif variant == 1:
        durs = [0.8, 1.2, 0.6, 1.0, 0.9, 0.011, 1.1, 0.7]
        loader = DataLoader(KeywordClips(durs), batch_size=2, num_workers=2)
        for step, feats in enumerate(loader):
            print(f"step {step}: {tuple(feats.shape)}")
    else:
        refine = nn.Sequential(
            nn.Conv2d(64, 64, 7, padding=3, padding_mode="reflect"), nn.ReLU(),
            nn.Conv2d(64, 1, 1),
        )
        for size in [32, 16, 8, 4, 2]:            # decoder applies the same block at every scale
            print(f"scale {size}: {tuple(refine(torch.randn(1, 64, size, size)).shape)}")
