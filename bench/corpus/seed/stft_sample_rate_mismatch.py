"""Clips at 8/16/22.05/44.1 kHz featurised with an STFT config made for 16 kHz: frame counts differ and shapes break downstream."""
EXPECT = ["stft-sample-rate-mismatch"]
VARIANTS = 4

import sys

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

v = int(sys.argv[1])
N_FFT, HOP, SECONDS = 400, 160, 1.0                 # 25 ms / 10 ms at the configured 16 kHz
rates = [[16000, 16000, 8000, 16000], [16000, 22050], [16000, 44100, 16000], [16000, 8000]][v]


def spectrogram(wave):
    spec = torch.stft(wave, N_FFT, HOP, window=torch.hann_window(N_FFT), return_complex=True)
    return spec.abs().log1p()                          # (freq, frames)


class Clips(Dataset):
    def __len__(self):
        return len(rates) * 4

    def __getitem__(self, i):
        sr = rates[i % len(rates)]                      # file's native rate, never resampled
        return spectrogram(torch.randn(int(sr * SECONDS)))


frames16k = spectrogram(torch.randn(16000)).shape[-1]
if v == 0:
    head = nn.Linear(201 * frames16k, 256)
    feats = torch.stack([spectrogram(torch.randn(int(sr * SECONDS))) for sr in rates[2:3] * 8])
    print(head(feats.flatten(1)).shape)
elif v == 1:
    for i, batch in enumerate(DataLoader(Clips(), batch_size=2, num_workers=2)):
        print(i, batch.shape)
elif v == 2:
    clean = spectrogram(torch.randn(16000))
    noisy = spectrogram(torch.randn(44100))
    mask = torch.sigmoid(torch.randn_like(clean))
    loss = ((noisy * mask - clean) ** 2).mean()
else:
    conv = nn.Sequential(nn.Conv1d(201, 64, 3, padding=1), nn.ReLU(), nn.Flatten(), nn.Linear(64 * frames16k, 10))
    for sr in rates:
        x = spectrogram(torch.randn(int(sr * SECONDS))).unsqueeze(0)
        print(sr, conv(x).shape)
