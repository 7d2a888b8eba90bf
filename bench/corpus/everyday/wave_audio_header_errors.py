"""wave.Error preparing an audio dataset with the stdlib wave module: an MP3 saved as .wav, a 32-bit float WAV (format 3), writing frames before setting the channel count."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import os
import struct
import sys
import wave

import numpy as np

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("audio_prep")
SR = 16000


def write_pcm16(path, samples, sr=SR):
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(sr)
        w.writeframes((np.clip(samples, -1, 1) * 32767).astype("<i2").tobytes())


def write_float32(path, samples, sr=SR):
    data = samples.astype("<f4").tobytes()
    fmt = struct.pack("<HHIIHH", 3, 1, sr, sr * 4, 4, 32)
    body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", len(data)) + data
    with open(path, "wb") as f:
        f.write(b"RIFF" + struct.pack("<I", len(body)) + body)


def read_duration(path):
    with wave.open(path, "rb") as w:
        return w.getnframes() / w.getframerate()


def manifest(folder):
    rows = []
    for name in sorted(os.listdir(folder)):
        dur = read_duration(os.path.join(folder, name))
        log.info("%s %.2fs", name, dur)
        rows.append((name, dur))
    return rows


def export_clip(path, samples, sr=SR):
    w = wave.open(path, "wb")
    w.setsampwidth(2)
    w.setframerate(sr)
    w.writeframes((samples * 32767).astype("<i2").tobytes())
    w.close()


os.makedirs("clips", exist_ok=True)
t = np.linspace(0, 1, SR, endpoint=False)
for i in range(3):
    write_pcm16(f"clips/utt_{i:03d}.wav", 0.3 * np.sin(2 * np.pi * (220 + 40 * i) * t))
if V == 0:
    with open("clips/utt_003.wav", "wb") as f:
        f.write(b"ID3\x04\x00\x00\x00\x00\x00\x21" + b"\xff\xfb\x90\x64" * 200)
    print(manifest("clips"))
elif V == 1:
    write_float32("clips/utt_003.wav", 0.3 * np.sin(2 * np.pi * 500 * t))
    print(manifest("clips"))
else:
    log.info("exporting augmented clips")
    export_clip("clips/utt_000_fast.wav", 0.3 * np.sin(2 * np.pi * 440 * t[: SR // 2]))
