"""Phone uploads from field app 5.2 carry a timed-metadata data track as stream 0, and the clip indexer takes the frame rate from streams[0] of each cached ffprobe JSON."""
EXPECT = ["clip-indexer-ffprobe-first-stream-is-data-track"]
VARIANTS = 3

import json
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

VARIANT = int(sys.argv[1])
log = logging.getLogger("video.index")


def cache_probe(folder, clip, app_version, duration):
    """The upload hook runs ffprobe -show_streams once and keeps its JSON next to the clip."""
    video = {"index": 0, "codec_type": "video", "codec_name": "h264", "width": 1920, "height": 1080,
             "r_frame_rate": "30000/1001", "avg_frame_rate": "30000/1001", "duration": f"{duration:.6f}"}
    audio = {"index": 1, "codec_type": "audio", "codec_name": "aac", "sample_rate": "48000",
             "r_frame_rate": "0/0", "avg_frame_rate": "0/0", "duration": f"{duration:.6f}"}
    streams = [video, audio]
    if app_version >= (5, 2):
        meta = {"index": 0, "codec_type": "data", "codec_tag_string": "mebx", "r_frame_rate": "0/0",
                "avg_frame_rate": "0/0", "duration": f"{duration:.6f}"}
        streams = [meta] + [dict(s, index=s["index"] + 1) for s in streams]
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f"{clip}.json"), "w") as f:
        json.dump({"streams": streams, "format": {"tags": {"app_version": ".".join(map(str, app_version))}}}, f)


def clip_fps(probe):
    return Fraction(probe["streams"][0]["r_frame_rate"])


def index_clip(folder, name):
    with open(os.path.join(folder, name)) as f:
        probe = json.load(f)
    fps = clip_fps(probe)
    duration = float(probe["streams"][0]["duration"])
    row = {"clip": name[:-5], "fps": float(fps), "n_frames": int(duration * fps)}
    print(f"{row['clip']}: {row['fps']:.3f} fps, {row['n_frames']} frames")
    return row


def main():
    folder = {0: "uploads/probe", 1: "field_uploads/2024-06-12/probe", 2: "uploads/probe"}[VARIANT]
    versions = {0: [(5, 1), (5, 1), (5, 2)], 1: [(5, 0), (5, 1), (5, 1), (5, 1), (5, 2), (5, 2)], 2: [(5, 1), (5, 2), (5, 2), (5, 1)]}[VARIANT]
    for i, version in enumerate(versions):
        cache_probe(folder, f"IMG_{4400 + 17 * i}", version, 12.5 + 3.1 * i)
    names = sorted(os.listdir(folder))
    if VARIANT == 2:
        with ThreadPoolExecutor(max_workers=4) as pool:
            rows = list(pool.map(lambda n: index_clip(folder, n), names))
    else:
        rows = [index_clip(folder, n) for n in names]
    print(f"indexed {len(rows)} clips, {sum(r['n_frames'] for r in rows)} frames")


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        log.info("indexing field uploads")
        try:
            main()
        except Exception:
            log.exception("clip index failed")
            sys.exit(1)
    else:
        main()
