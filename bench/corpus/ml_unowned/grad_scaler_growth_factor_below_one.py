EXPECT = []
VARIANTS = 3

# Mixed-precision settings copied from a DeepSpeed-style config, where "loss_scale_window" and
# "hysteresis" sit next to a scale "factor" meant for the backoff; the values are mapped by hand
# onto torch.amp.GradScaler's arguments and two of them land in the wrong place.
import json
import sys

import torch
import torch.nn as nn

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

AMP = [
    {"enabled": True, "initial_scale_power": 16, "scale_factor": 0.5, "loss_scale_window": 1000},
    {"enabled": True, "initial_scale_power": 12, "scale_factor": 1.0, "loss_scale_window": 500},
    {"enabled": True, "initial_scale_power": 16, "growth": 2.0, "backoff": 2.0, "loss_scale_window": 2000},
][V]


def make_scaler(amp):
    kwargs = {"init_scale": 2.0 ** amp["initial_scale_power"], "growth_interval": amp["loss_scale_window"],
              "enabled": amp["enabled"]}
    if "scale_factor" in amp:
        kwargs["growth_factor"] = amp["scale_factor"]
    else:
        kwargs["growth_factor"] = amp["growth"]
        kwargs["backoff_factor"] = amp["backoff"]
    return torch.amp.GradScaler("cpu", **kwargs)


def main():
    with open("amp.json", "w") as f:
        json.dump({"fp16": AMP}, f)
    amp = json.load(open("amp.json"))["fp16"]
    model = nn.Linear(32, 4)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    print(f"amp config: {amp}")
    scaler = make_scaler(amp)
    x, y = torch.randn(8, 32), torch.randint(0, 4, (8,))
    with torch.autocast("cpu", dtype=torch.bfloat16):
        loss = nn.functional.cross_entropy(model(x), y)
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()


if __name__ == "__main__":
    main()
