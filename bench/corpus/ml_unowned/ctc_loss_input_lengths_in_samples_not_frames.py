"""CTC loss given input_lengths counted in waveform samples or pre-subsampling frames instead of the encoder's output frames: Expected input_lengths to have value at most T, but got value N."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
import torch.nn.functional as F
from torch import nn

variant = int(sys.argv[1])
torch.manual_seed(0)
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("asr")
N_TOKENS = 29   # blank + a-z + space + apostrophe


class ConvSubsampler(nn.Module):
    """Two stride-2 convolutions: 4x fewer frames than the input features."""

    def __init__(self, n_mels, d):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(n_mels, d, 3, stride=2, padding=1), nn.ReLU(),
                                  nn.Conv1d(d, d, 3, stride=2, padding=1), nn.ReLU())

    def forward(self, feats):             # (B, n_mels, T)
        return self.conv(feats)


class TinyASR(nn.Module):
    def __init__(self, n_mels=40, d=64):
        super().__init__()
        self.sub = ConvSubsampler(n_mels, d)
        self.rnn = nn.GRU(d, d, batch_first=True)
        self.out = nn.Linear(d, N_TOKENS)

    def forward(self, feats):
        h, _ = self.rnn(self.sub(feats).transpose(1, 2))
        return self.out(h).log_softmax(-1)          # (B, T', C)


def ctc_step(model, feats, feat_lengths, targets, target_lengths):
    log_probs = model(feats).transpose(0, 1)        # (T', B, C)
    return F.ctc_loss(log_probs, targets, feat_lengths, target_lengths, blank=0, zero_infinity=True)


def make_batch(n_frames, batch=3, max_target=12):
    feats = torch.randn(batch, 40, n_frames)
    targets = torch.randint(1, N_TOKENS, (batch, max_target))
    return feats, targets, torch.full((batch,), max_target)


model = TinyASR()
if variant == 0:
    waves = [torch.randn(n) for n in (16000, 15200, 12800)]
    feats, targets, tlens = make_batch(100)
    wave_lengths = torch.tensor([len(w) for w in waves])
    loss = ctc_step(model, feats, wave_lengths, targets, tlens)
elif variant == 1:
    feats, targets, tlens = make_batch(240, batch=4, max_target=20)
    feat_lengths = torch.tensor([240, 231, 200, 188])
    print("frames per utterance:", feat_lengths.tolist())
    loss = ctc_step(model, feats, feat_lengths, targets, tlens)
else:
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step, n_frames in enumerate([160, 160, 200, 320]):
        feats, targets, tlens = make_batch(n_frames, max_target=8)
        feat_lengths = torch.full((3,), n_frames) if step < 3 else torch.tensor([n_frames, n_frames - 8, n_frames - 40])
        lengths = feat_lengths // 4 if step < 3 else feat_lengths // 2     # refactored subsampler factor
        loss = ctc_step(model, feats, lengths, targets, tlens)
        opt.zero_grad()
        loss.backward()
        opt.step()
        log.info("step %d frames %d loss %.3f", step, n_frames, loss.item())
