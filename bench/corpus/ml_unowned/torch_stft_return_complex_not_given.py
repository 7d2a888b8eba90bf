"""RuntimeError: stft requires the return_complex parameter be given for real inputs (or: istft requires a complex-valued input tensor): audio featurisation code written for the old torch.stft that returned a real (..., 2) tensor."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import math
import sys

import torch
from torch.utils.data import DataLoader, Dataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
SR = 16000
n_fft = [512, 400, 1024, 512][V]
hop = n_fft // 4
window = torch.hann_window(n_fft)


def tone(freq, seconds=0.5):
    t = torch.arange(int(SR * seconds)) / SR
    return torch.sin(2 * math.pi * freq * t)


def log_power_spec(wave):
    spec = torch.stft(wave, n_fft=n_fft, hop_length=hop, window=window)
    power = spec[..., 0] ** 2 + spec[..., 1] ** 2
    return torch.log(power + 1e-6)


class Clips(Dataset):
    def __init__(self, freqs):
        self.freqs = freqs

    def __len__(self):
        return len(self.freqs)

    def __getitem__(self, i):
        return log_power_spec(tone(self.freqs[i]))


if V == 0:
    print(log_power_spec(tone(440.0)).shape)
elif V == 1:
    loader = DataLoader(Clips([220.0, 330.0, 440.0, 550.0]), batch_size=2, num_workers=2)
    for step, feats in enumerate(loader):
        print(step, feats.shape)
elif V == 2:
    # denoiser: mask the spectrum and invert; spectra were kept in the old (freq, frames, 2) layout
    wave = tone(300.0) + 0.1 * torch.randn(SR // 2)
    spec = torch.view_as_real(torch.stft(wave, n_fft, hop, window=window, return_complex=True))
    mag = spec.pow(2).sum(-1).sqrt()
    mask = (mag > mag.mean()).float().unsqueeze(-1)
    print("mask density", mask.mean().item(), flush=True)
    clean = torch.istft(spec * mask, n_fft, hop, window=window, length=wave.numel())
    print(clean.shape)
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("featurize")

    class Featurizer:
        def __init__(self, n_mels=40):
            self.n_mels = n_mels

        def __call__(self, wave):
            return log_power_spec(wave)

    feat = Featurizer()
    for name, f in [("clip_000", 261.6), ("clip_001", 392.0)]:
        log.info("featurizing %s", name)
        try:
            x = feat(tone(f))
        except RuntimeError:
            log.exception("featurizing %s failed", name)
            raise
        log.info("%s -> %s", name, tuple(x.shape))
