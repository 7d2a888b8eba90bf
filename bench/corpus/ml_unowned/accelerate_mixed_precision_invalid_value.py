"""ValueError: Unknown mixed_precision mode: fp32. Choose between ['no', 'fp8', 'fp16', 'bf16']: an Accelerator (or accelerate's config writer) given a precision name it does not know (a config's 'fp32', a torch dtype name, a bool from an --amp flag, an upper-case 'BF16')."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 5       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)


def build_parts(n=64, d=12):
    data = TensorDataset(torch.randn(n, d), torch.randint(0, 3, (n,)))
    model = nn.Sequential(nn.Linear(d, 32), nn.ReLU(), nn.Linear(32, 3))
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    return model, opt, DataLoader(data, batch_size=16, shuffle=True)


if V == 0:
    from accelerate import Accelerator

    config = {"run": "intent-clf-7", "epochs": 2, "precision": "fp32", "grad_accum": 2}
    print(f"run {config['run']}: precision={config['precision']} grad_accum={config['grad_accum']}")
    accelerator = Accelerator(mixed_precision=config["precision"], gradient_accumulation_steps=config["grad_accum"], cpu=True)
elif V == 1:
    import argparse

    from accelerate import Accelerator

    parser = argparse.ArgumentParser()
    parser.add_argument("--amp", action="store_true")
    parser.add_argument("--epochs", type=int, default=3)
    args = parser.parse_args(["--amp"])
    print("args:", vars(args))
    accelerator = Accelerator(mixed_precision=args.amp, cpu=True)
elif V == 2:
    from accelerate import Accelerator

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("trainer")

    class Trainer:
        def __init__(self, dtype=torch.float16):
            self.dtype = dtype
            log.info("building trainer with dtype %s", dtype)
            self.model, self.opt, self.loader = build_parts()
            self.accelerator = self._make_accelerator()

        def _make_accelerator(self):
            precision = str(self.dtype).split(".")[-1]   # 'float16'
            log.info("mixed precision: %s", precision)
            return Accelerator(mixed_precision=precision, cpu=True)

    Trainer()
elif V == 3:
    from accelerate.utils import write_basic_config

    print("writing accelerate config for the CI runner")
    write_basic_config(mixed_precision="fp32", save_location="accelerate_config.json")
else:
    from accelerate import Accelerator

    logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s")
    log = logging.getLogger("finetune")
    model, opt, loader = build_parts(n=48, d=8)
    log.info("model has %d parameters", sum(p.numel() for p in model.parameters()))
    precision = "BF16"
    log.info("requested precision %s", precision)
    accelerator = Accelerator(mixed_precision=precision, cpu=True)

model, opt, loader = accelerator.prepare(*build_parts())
print("prepared", accelerator.mixed_precision)
