"""A (batch, time, features) sequence (mel frames, token embeddings, sensor windows) fed to nn.Conv1d without transposing to (batch, channels, time): expected input ... to have 80 channels, but got 200 channels instead."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

VARIANT = int(sys.argv[1])
torch.manual_seed(0)


class TextCNN(nn.Module):
    def __init__(self, vocab, dim, classes):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.conv = nn.Conv1d(dim, 64, kernel_size=3, padding=1)
        self.fc = nn.Linear(64, classes)

    def forward(self, ids):
        x = self.emb(ids)                      # (B, L, E)
        x = torch.relu(self.conv(x)).amax(-1)
        return self.fc(x)


if VARIANT == 0:
    mels = torch.randn(8, 200, 80)             # (batch, frames, n_mels) from the feature extractor
    encoder = nn.Sequential(nn.Conv1d(80, 128, 5, padding=2), nn.ReLU(), nn.Conv1d(128, 128, 5, padding=2))
    print("mel batch", tuple(mels.shape))
    out = encoder(mels)
elif VARIANT == 1:
    model = TextCNN(vocab=3000, dim=100, classes=5)
    ds = TensorDataset(torch.randint(0, 3000, (40, 60)), torch.randint(0, 5, (40,)))
    for ids, y in DataLoader(ds, batch_size=10):
        loss = nn.functional.cross_entropy(model(ids), y)
        print("loss", loss.item())
else:
    windows = torch.randn(32, 128, 6)          # 128 timesteps of 6 IMU channels
    har = nn.Sequential(nn.Conv1d(6, 32, 7), nn.ReLU(), nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(32, 6))
    har.eval()
    with torch.no_grad():
        print("predictions", har(windows).argmax(1)[:8].tolist())
