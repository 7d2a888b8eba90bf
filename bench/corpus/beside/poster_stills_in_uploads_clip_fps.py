"""Field crews now also upload the poster still the app makes for each job (a one-frame MJPEG stream ffprobe reports as video, avg_frame_rate 0/0), and the clip indexer, which picks the video stream and reads its avg_frame_rate, indexes every file in the uploads folder."""
# beside: clip-indexer-ffprobe-first-stream-is-data-track
# why: clip_fps already picks the stream whose codec_type is video; the file is a single-frame still with no frame rate at all, so the fix is to skip stills (nb_frames == 1 / image codecs) when indexing, not to choose another stream.
EXPECT = []
VARIANTS = 2

import json
import os
import sys
from fractions import Fraction

VARIANT = int(sys.argv[1])


def cache_probe(folder, name, kind, duration=0.0):
    if kind == "clip":
        streams = [{"index": 0, "codec_type": "video", "codec_name": "h264", "r_frame_rate": "30/1", "avg_frame_rate": "30/1",
                    "nb_frames": str(int(duration * 30)), "duration": f"{duration:.6f}"},
                   {"index": 1, "codec_type": "audio", "codec_name": "aac", "r_frame_rate": "0/0", "avg_frame_rate": "0/0"}]
    else:
        streams = [{"index": 0, "codec_type": "video", "codec_name": "mjpeg", "r_frame_rate": "90000/1", "avg_frame_rate": "0/0",
                    "nb_frames": "1", "duration": "0.000000"}]
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f"{name}.json"), "w") as f:
        json.dump({"streams": streams}, f)


def clip_fps(probe):
    video = next(s for s in probe["streams"] if s["codec_type"] == "video")
    return Fraction(video["avg_frame_rate"])


def index_uploads(folder):
    rows = []
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name)) as f:
            probe = json.load(f)
        fps = clip_fps(probe)
        rows.append((name, float(fps)))
        print(f"{name}: {float(fps):.2f} fps")
    return rows


if __name__ == "__main__":
    folder = {0: "uploads/probe", 1: "field_uploads/2024-06-12/probe"}[VARIANT]
    jobs = {0: ["JOB-1182"], 1: ["JOB-2204", "JOB-2205", "JOB-2207"]}[VARIANT]
    for i, job in enumerate(jobs):
        cache_probe(folder, f"{job}_clip", "clip", 14.0 + 5 * i)
        cache_probe(folder, f"{job}_poster", "still")
    print(f"indexed {len(index_uploads(folder))} files")
