"""Super-resolution / depth-to-space head whose channel count does not match the upscale factor (scale changed from x4 to x3, channels = 3 * scale instead of 3 * scale**2, PixelUnshuffle on odd-sized crops): pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of upscale_factor."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import logging

import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset

logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s - %(message)s")
log = logging.getLogger("sr.train")
torch.manual_seed(0)


class Upsampler(nn.Module):
    def __init__(self, feats, scale, head_channels):
        super().__init__()
        self.conv = nn.Conv2d(feats, head_channels, 3, padding=1)
        self.shuffle = nn.PixelShuffle(scale)

    def forward(self, x):
        return self.shuffle(self.conv(x))


class ESPCN(nn.Module):
    def __init__(self, scale, head_channels, feats=32):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, feats, 5, padding=2), nn.Tanh(),
                                  nn.Conv2d(feats, feats, 3, padding=1), nn.Tanh())
        self.up = Upsampler(feats, scale, head_channels)

    def forward(self, x):
        return self.up(self.body(x))


class SpaceToDepthStem(nn.Module):
    """Lossless downsampling stem for a segmentation net on full-resolution crops."""

    def __init__(self):
        super().__init__()
        self.unshuffle = nn.PixelUnshuffle(2)
        self.conv = nn.Conv2d(12, 32, 3, padding=1)

    def forward(self, x):
        return self.conv(self.unshuffle(x))


class Pairs(Dataset):
    def __init__(self, n, lr_size, scale):
        self.n, self.lr, self.scale = n, lr_size, scale

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        hr = torch.rand(3, self.lr * self.scale, self.lr * self.scale)
        lr = nn.functional.interpolate(hr[None], scale_factor=1 / self.scale, mode="bicubic")[0]
        return lr, hr


if V == 0:
    scale = 3  # experiment config moved from x4 to x3
    model = ESPCN(scale, head_channels=3 * 4 ** 2)
elif V == 1:
    scale = 2
    model = ESPCN(scale, head_channels=3 * scale)
else:
    scale = 1
    model = SpaceToDepthStem()

if V < 2:
    loader = DataLoader(Pairs(32, 24, scale), batch_size=8, num_workers=2)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    log.info("x%d super-resolution, %d batches", scale, len(loader))
    for step, (lr_img, hr_img) in enumerate(loader):
        loss = nn.functional.l1_loss(model(lr_img), hr_img)
        opt.zero_grad()
        loss.backward()
        opt.step()
        log.info("step %d l1 %.4f", step, loss.item())
else:
    for h, w in [(256, 256), (512, 384), (375, 500)]:  # the last crop keeps the photo's odd height
        out = model(torch.rand(1, 3, h, w))
        log.info("crop %dx%d -> features %s", h, w, tuple(out.shape))
