"""A collections.deque (a rolling window of losses, frames, latencies) sliced like a list: TypeError: sequence index must be integer, not 'slice'."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import random
import statistics
import sys
from collections import deque

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

random.seed(4)


class LossTracker:
    def __init__(self, window=100):
        self.recent = deque(maxlen=window)

    def update(self, value):
        self.recent.append(value)

    def smoothed(self, last=10):
        return statistics.fmean(self.recent[-last:])


def clip_stream(frames, clip_len=8):
    buffer = deque(maxlen=clip_len)
    for frame_id in frames:
        buffer.append(frame_id)
        if len(buffer) == clip_len:
            yield list(buffer)
            buffer = buffer[clip_len // 2:]


class LatencyMonitor:
    def __init__(self):
        self.samples = deque(maxlen=500)

    def record(self, ms):
        self.samples.append(ms)

    def p95_recent(self, n=50):
        recent = sorted(self.samples[-n:])
        return recent[int(0.95 * (len(recent) - 1))]


if V == 0:
    tracker = LossTracker()
    for step in range(1, 31):
        tracker.update(2.0 / step + random.random() * 0.05)
        if step % 10 == 0:
            print(f"step {step} loss {tracker.smoothed():.4f}")
elif V == 1:
    for i, clip in enumerate(clip_stream(range(40))):
        print(f"clip {i}: frames {clip[0]}..{clip[-1]}")
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("serving.latency")
    monitor = LatencyMonitor()
    for _ in range(120):
        monitor.record(random.gauss(35, 8))
    log.info("recent p95 latency: %.1f ms", monitor.p95_recent())
