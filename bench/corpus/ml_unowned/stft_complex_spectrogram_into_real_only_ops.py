"""NotImplementedError: "batch_norm" not implemented for 'ComplexFloat' (or clamp is not supported for complex types, "max_pool2d" / "min_all" not implemented): the complex output of torch.stft(return_complex=True) fed on as a spectrogram without .abs() (magnitude) or .abs()**2 (power)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 5       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)
SR = 16000
N_FFT, HOP = [(512, 160), (400, 160), (256, 128), (512, 256), (320, 160)][V]
window = torch.hann_window(N_FFT)


def spectrogram(wave):
    return torch.stft(wave, n_fft=N_FFT, hop_length=HOP, window=window, return_complex=True)


class AudioCNN(nn.Module):
    def __init__(self, n_classes=5, pool_first=False):
        super().__init__()
        self.norm = nn.BatchNorm2d(1)
        self.pool_first = pool_first
        self.conv = nn.Conv2d(1, 8, 3, padding=1)
        self.head = nn.Linear(8, n_classes)

    def forward(self, spec):
        x = spec.unsqueeze(1)
        x = nn.functional.max_pool2d(x, 2) if self.pool_first else self.norm(x)
        x = torch.relu(self.conv(x))
        return self.head(x.mean(dim=(2, 3)))


class KeywordClips(Dataset):
    def __init__(self, n=12):
        self.waves = [torch.randn(SR) * 0.1 for _ in range(n)]
        self.labels = torch.randint(0, 5, (n,))

    def __len__(self):
        return len(self.waves)

    def __getitem__(self, i):
        spec = spectrogram(self.waves[i])
        spec = (spec - spec.min()) / (spec.max() - spec.min() + 1e-8)   # per-clip min-max scaling
        return spec, self.labels[i]


if V == 0:
    waves = torch.randn(4, SR) * 0.1
    spec = spectrogram(waves)
    print("spectrogram", tuple(spec.shape), spec.dtype)
    logits = AudioCNN()(spec)
    print(logits.shape)
elif V == 1:
    waves = torch.randn(6, 2 * SR) * 0.05
    spec = spectrogram(waves)
    print(f"{len(waves)} clips -> {tuple(spec.shape)}")
    log_spec = torch.log(spec.clamp(min=1e-5))
    print("log-spectrogram range", log_spec.min().item(), log_spec.max().item())
elif V == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("features")
    for i in range(3):
        wave = torch.randn(SR) * (0.1 + 0.1 * i)
        spec = spectrogram(wave)
        log.info("clip %d: %d frames x %d bins", i, spec.shape[1], spec.shape[0])
        spec = spec / spec.abs().max()
        peak = spec.amax()
        log.info("clip %d peak %.3f", i, peak)
elif V == 3:
    loader = DataLoader(KeywordClips(), batch_size=4, num_workers=2)
    for step, (spec, y) in enumerate(loader):
        print(step, tuple(spec.shape))
else:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("train")
    model = AudioCNN(pool_first=True)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    waves, y = torch.randn(8, SR) * 0.1, torch.randint(0, 5, (8,))
    log.info("batch of %d clips at %d Hz, n_fft=%d hop=%d", len(waves), SR, N_FFT, HOP)
    loss = nn.functional.cross_entropy(model(spectrogram(waves)), y)
    loss.backward()
    opt.step()
