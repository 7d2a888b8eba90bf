"""F.interpolate given a size tuple whose length does not match the input's spatial dims (a 1-tuple for an image, (T, H, W) for a 2D map, (H, W) for audio): Input and output must have the same number of spatial dimensions."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
import torch.nn.functional as F
from torch import nn

VARIANT = int(sys.argv[1])
torch.manual_seed(0)


class SegHead(nn.Module):
    def __init__(self, out_size):
        super().__init__()
        self.conv = nn.Conv2d(16, 4, 1)
        self.out_size = out_size

    def forward(self, feats):
        logits = self.conv(feats)
        return F.interpolate(logits, size=self.out_size, mode="bilinear", align_corners=False)


if VARIANT == 0:
    cfg = {"image_size": 256}
    head = SegHead(out_size=(cfg["image_size"],))  # meant (256, 256)
    feats = torch.randn(2, 16, 64, 64)
    print("decoder features", tuple(feats.shape))
    masks = head(feats)
elif VARIANT == 1:
    clip = torch.randn(1, 3, 8, 112, 112)  # video (N, C, T, H, W)
    frames = clip[:, :, 0]                 # one frame: (N, C, H, W)
    print("frame", tuple(frames.shape))
    frames = F.interpolate(frames, size=tuple(clip.shape[2:]), mode="nearest")
else:
    wav_feats = torch.randn(4, 80, 300)    # (N, mels, frames)
    target_frames = 150
    print("features", tuple(wav_feats.shape), "->", target_frames, "frames")
    down = F.interpolate(wav_feats, size=(80, target_frames), mode="linear")
