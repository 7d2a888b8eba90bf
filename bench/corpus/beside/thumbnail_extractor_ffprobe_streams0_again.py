"""A teammate's thumbnail extractor picks frame timestamps from the cached ffprobe JSON of each upload, reading the frame rate of streams[0]; uploads from field app 5.2 put a timed-metadata data track there."""
# beside: clip-indexer-ffprobe-first-stream-is-data-track
# why: the same fault: app 5.2 uploads carry a data track (r_frame_rate 0/0) as stream 0 and the code takes the frame rate from streams[0]; same fix, select the stream whose codec_type is video.
EXPECT = ["clip-indexer-ffprobe-first-stream-is-data-track"]
VARIANTS = 2

import json
import os
import sys
from fractions import Fraction

VARIANT = int(sys.argv[1])


def probe_json(path, app_52, duration):
    streams = [{"codec_type": "video", "codec_name": "hevc", "r_frame_rate": "60/1", "duration": f"{duration:.3f}"},
               {"codec_type": "audio", "codec_name": "aac", "r_frame_rate": "0/0", "duration": f"{duration:.3f}"}]
    if app_52:
        streams.insert(0, {"codec_type": "data", "codec_tag_string": "mebx", "r_frame_rate": "0/0", "duration": f"{duration:.3f}"})
    with open(path, "w") as f:
        json.dump({"streams": streams}, f)


def thumbnail_frames(probe, n_thumbs):
    stream = probe["streams"][0]
    fps = Fraction(stream["r_frame_rate"])
    total = int(float(stream["duration"]) * fps)
    return [int(total * (k + 0.5) / n_thumbs) for k in range(n_thumbs)]


def plan_thumbnails(folder, n_thumbs):
    plans = {}
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name)) as f:
            plans[name] = thumbnail_frames(json.load(f), n_thumbs)
        print(name, plans[name])
    return plans


if __name__ == "__main__":
    folder = {0: "thumbs/probe", 1: "media/uploads/2024-06-14/probe"}[VARIANT]
    os.makedirs(folder, exist_ok=True)
    for i, app_52 in enumerate({0: [False, True], 1: [False, False, True, True]}[VARIANT]):
        probe_json(os.path.join(folder, f"VID_{2300 + i}.json"), app_52, 8.0 + 2.5 * i)
    plan_thumbnails(folder, {0: 4, 1: 6}[VARIANT])
