"""Reading raw PCM audio with np.frombuffer when the byte count is not a multiple of the sample width (a truncated recording, a WAV header skipped with the wrong offset, 24-bit audio read as int32): buffer size must be a multiple of element size."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import struct
import sys

import numpy as np

variant = int(sys.argv[1])
rng = np.random.default_rng(3)


def write_pcm(path, n_samples, sample_width=2, drop_last_byte=False):
    pcm = (rng.standard_normal(n_samples) * 3000).astype(np.int16).tobytes()
    if sample_width == 3:
        pcm = b"".join(struct.pack("<i", int(v) * 256)[1:] for v in rng.integers(-8000, 8000, n_samples))
    if drop_last_byte:
        pcm = pcm[:-1]
    with open(path, "wb") as f:
        f.write(pcm)


def write_wav(path, n_samples, sr=16000):
    data = (rng.standard_normal(n_samples) * 3000).astype(np.int16).tobytes()
    header = b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, sr, sr * 2, 2, 16)
    with open(path, "wb") as f:
        f.write(header + b"data" + struct.pack("<I", len(data)) + data)


def load_pcm(path, dtype=np.int16, header_bytes=0):
    with open(path, "rb") as f:
        raw = f.read()
    samples = np.frombuffer(raw[header_bytes:], dtype=dtype)
    return samples.astype(np.float32) / np.iinfo(dtype).max


def log_mel_frames(wave, frame=400, hop=160):
    n = 1 + (len(wave) - frame) // hop
    frames = np.stack([wave[i * hop: i * hop + frame] for i in range(n)])
    return np.log(np.abs(np.fft.rfft(frames * np.hanning(frame), axis=1)) + 1e-6)


if variant == 0:
    for i, n in enumerate([16000, 24000, 12000]):
        write_pcm(f"utt_{i:03d}.pcm", n, drop_last_byte=(i == 2))
    for i in range(3):
        feats = log_mel_frames(load_pcm(f"utt_{i:03d}.pcm"))
        print(f"utt_{i:03d}.pcm -> {feats.shape}")
elif variant == 1:
    write_wav("call_0417.wav", 8000)
    HEADER_BYTES = 45   # "the WAV header is 44 bytes" plus the byte we thought was padding
    wave = load_pcm("call_0417.wav", header_bytes=HEADER_BYTES)
    print("duration", len(wave) / 16000)
elif variant == 2:
    write_pcm("studio_take3.raw", 9001, sample_width=3)
    wave = load_pcm("studio_take3.raw", dtype=np.int32)
    print(log_mel_frames(wave).shape)
else:
    import torch
    from torch.utils.data import DataLoader, Dataset

    class PcmClips(Dataset):
        def __init__(self, paths):
            self.paths = paths

        def __len__(self):
            return len(self.paths)

        def __getitem__(self, i):
            wave = load_pcm(self.paths[i])[:8000]
            wave = np.pad(wave, (0, 8000 - len(wave)))
            return torch.from_numpy(log_mel_frames(wave)).float()

    if __name__ == "__main__":
        paths = []
        for i in range(12):
            write_pcm(f"clip_{i:02d}.pcm", 8000 + 37 * i, drop_last_byte=(i == 9))
            paths.append(f"clip_{i:02d}.pcm")
        loader = DataLoader(PcmClips(paths), batch_size=4, num_workers=2)
        for step, feats in enumerate(loader):
            print(f"batch {step}: {tuple(feats.shape)}")
