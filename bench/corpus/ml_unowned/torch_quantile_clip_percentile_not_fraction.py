EXPECT = []
VARIANTS = 3

# Activation / feature clipping at a percentile: the config gives "clip_percentile: 99.5" (as in
# numpy.percentile) but the code computes the threshold with torch.quantile, which takes a fraction.
import logging
import sys

import torch
import torch.nn as nn

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

CFG = [
    {"clip_percentile": 99.5, "features": 20},
    {"clip_percentile": 99, "features": 8, "per_feature": True},
    {"clip_percentile": 95.0, "features": 64},
][V]

log = logging.getLogger("calibrate")


def clip_threshold(values, cfg):
    q = float(cfg["clip_percentile"])
    if cfg.get("per_feature"):
        return torch.quantile(values, q, dim=0)
    return torch.quantile(values.flatten(), q)


def calibrate(model, batches, cfg):
    acts = []
    with torch.no_grad():
        for i, xb in enumerate(batches):
            acts.append(model[0](xb))
            log.info("calibration batch %d/%d", i + 1, len(batches))
    return clip_threshold(torch.cat(acts), cfg)


def main():
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(CFG["features"], 32), nn.ReLU(), nn.Linear(32, 1))
    batches = [torch.randn(128, CFG["features"]) for _ in range(4)]
    thr = calibrate(model, batches, CFG)
    print("clip at", thr)


if __name__ == "__main__":
    main()
