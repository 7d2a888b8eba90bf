"""The line camera delivers 256x256 RGB frames; the new inference client sends the raw bytes without the center crop to 224 that the old client did."""
# beside: image-shards-written-256-read-as-224
# why: the 256x256 bytes come from a client that skips its crop step at inference; no preprocessing shards were regenerated at a larger image_size.
EXPECT = []
VARIANTS = 3

import logging
import sys

import numpy as np

VARIANT = int(sys.argv[1])
IMAGE_SIZE = 224


def camera_frame(seed):
    return np.random.default_rng(seed).integers(0, 256, (256, 256, 3), dtype=np.uint8)


def old_client_payload(frame):
    top = (frame.shape[0] - IMAGE_SIZE) // 2
    return np.ascontiguousarray(frame[top : top + IMAGE_SIZE, top : top + IMAGE_SIZE].transpose(2, 0, 1)).tobytes()


def new_client_payload(frame):
    return np.ascontiguousarray(frame.transpose(2, 0, 1)).tobytes()  # crop forgotten in the rewrite


def decode_request(body):
    """Server side: the model expects CHW uint8 at 224."""
    return np.frombuffer(body, dtype=np.uint8).reshape(3, IMAGE_SIZE, IMAGE_SIZE)


def main():
    decode_request(old_client_payload(camera_frame(0)))
    n = {0: 1, 1: 3, 2: 5}[VARIANT]
    for i in range(n):
        body = new_client_payload(camera_frame(i + 1))
        if VARIANT == 2:
            print(f"request {i}: {len(body)} bytes")
        decode_request(body)


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s inspect-api: %(message)s")
        logging.info("client v2 connected")
        try:
            main()
        except Exception:
            logging.exception("request failed")
            sys.exit(1)
    else:
        main()
