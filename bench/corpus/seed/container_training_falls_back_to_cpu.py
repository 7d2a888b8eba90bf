"""Training image whose torch sees no GPU (CUDA_VISIBLE_DEVICES from the config hides them, or a CPU-only wheel): device_count() is 0; the entrypoint check, the silent CPU fallback's throughput check or .to('cuda') fails."""
EXPECT = ["docker-gpus-all-cuda-visible-devices"]
VARIANTS = 3

import json
import os
import sys
import time
from pathlib import Path

v = int(sys.argv[1])
Path("run.json").write_text(json.dumps({"gpus": ["-1", "", "0,1"][v], "batch_size": 256, "expected_samples_per_s": 50000}))
cfg = json.loads(Path("run.json").read_text())
os.environ["CUDA_VISIBLE_DEVICES"] = cfg["gpus"]          # "-1" was meant as "all of them"

import torch  # noqa: E402
import torch.nn as nn  # noqa: E402

print(f"torch {torch.__version__} | CUDA_VISIBLE_DEVICES={os.environ['CUDA_VISIBLE_DEVICES']!r} "
      f"| NVIDIA_VISIBLE_DEVICES={os.environ.get('NVIDIA_VISIBLE_DEVICES', 'all')!r}")
model = nn.Sequential(nn.Linear(1024, 1024), nn.ReLU(), nn.Linear(1024, 100))
if v == 0:
    n = torch.cuda.device_count()
    assert n > 0, f"entrypoint: torch sees {n} GPUs (is_available={torch.cuda.is_available()}); refusing to train on CPU"
elif v == 1:
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    print(f"Using device: {device}")
    model.to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    t0 = time.time()
    for step in range(20):
        x = torch.randn(cfg["batch_size"], 1024, device=device)
        loss = model(x).logsumexp(1).mean()
        opt.zero_grad(); loss.backward(); opt.step()
    rate = 20 * cfg["batch_size"] / (time.time() - t0)
    print(f"{rate:.0f} samples/s")
    assert rate > cfg["expected_samples_per_s"], f"throughput {rate:.0f} samples/s, expected > {cfg['expected_samples_per_s']} on the GPU node"
else:
    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    print(f"rank {local_rank}: moving model to cuda:{local_rank}")
    model = model.to(f"cuda:{local_rank}")
