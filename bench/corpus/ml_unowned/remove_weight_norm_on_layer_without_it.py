"""ValueError: weight_norm of 'weight' not found in Conv1d(...) (or: Module ... does not have a parametrization on weight): an export step strips weight norm / spectral norm / parametrizations from every layer of a type, including layers that never had it or were already stripped."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys
import warnings

import torch
from torch import nn
from torch.nn.utils import parametrizations, parametrize, remove_spectral_norm, remove_weight_norm, spectral_norm, weight_norm

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
warnings.filterwarnings("ignore", category=FutureWarning)
torch.manual_seed(0)


class Vocoder(nn.Module):
    def __init__(self, c=32):
        super().__init__()
        self.pre = weight_norm(nn.Conv1d(80, c, 7, padding=3))
        self.res = nn.ModuleList([weight_norm(nn.Conv1d(c, c, 3, padding=d, dilation=d)) for d in (1, 3)])
        self.post = nn.Conv1d(c, 1, 7, padding=3)          # plain conv, no weight norm

    def forward(self, mel):
        x = self.pre(mel)
        for r in self.res:
            x = x + torch.relu(r(x))
        return torch.tanh(self.post(x))


def strip_weight_norm(model):
    for name, m in model.named_modules():
        if isinstance(m, nn.Conv1d):
            remove_weight_norm(m)
            print(f"removed weight norm from {name}", flush=True)
    return model


if V == 0:
    voc = Vocoder()
    strip_weight_norm(voc)
    torch.jit.script(voc).save("vocoder.pt")
elif V == 1:
    class Encoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = parametrizations.weight_norm(nn.Linear(16, 32))
            self.mid = parametrizations.orthogonal(nn.Linear(32, 32))
            self.out = nn.Linear(32, 8)

        def forward(self, x):
            return self.out(torch.relu(self.mid(torch.relu(self.proj(x)))))

    enc = Encoder()
    print(enc(torch.randn(4, 16)).shape)
    for m in enc.modules():
        if isinstance(m, nn.Linear):
            parametrize.remove_parametrizations(m, "weight")
elif V == 2:
    D = nn.Sequential(
        spectral_norm(nn.Conv2d(3, 16, 4, 2, 1)), nn.LeakyReLU(0.2),
        spectral_norm(nn.Conv2d(16, 32, 4, 2, 1)), nn.LeakyReLU(0.2),
        nn.Flatten(), nn.Linear(32 * 8 * 8, 1),
    )
    print(D(torch.randn(2, 3, 32, 32)).shape)
    for m in D:
        if isinstance(m, (nn.Conv2d, nn.Linear)):
            remove_spectral_norm(m)
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("export")
    voc = Vocoder()
    voc.post = weight_norm(voc.post)

    def export(model, fmt):
        log.info("exporting %s", fmt)
        try:
            strip_weight_norm(model)
        except ValueError:
            log.exception("export to %s failed", fmt)
            raise
        torch.save(model.state_dict(), f"vocoder.{fmt}")

    export(voc, "pt")
    export(voc, "ts")        # the second export strips the same model again
