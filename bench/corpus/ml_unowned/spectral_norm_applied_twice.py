"""RuntimeError: Cannot register two spectral_norm hooks on the same parameter weight (or two weight_norm hooks): a GAN discriminator / vocoder builder wraps layers with spectral_norm or weight_norm, and a second pass (model.apply, a shared layer list, a reload path) wraps them again."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys
import warnings

import torch
from torch import nn
from torch.nn.utils import spectral_norm, weight_norm

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
warnings.filterwarnings("ignore", category=FutureWarning)
torch.manual_seed(0)
ch = [32, 16, 24, 32][V]


def sn_conv(c_in, c_out):
    return spectral_norm(nn.Conv2d(c_in, c_out, 4, stride=2, padding=1))


def build_discriminator(c):
    return nn.Sequential(
        sn_conv(3, c), nn.LeakyReLU(0.2),
        sn_conv(c, 2 * c), nn.LeakyReLU(0.2),
        nn.Flatten(), nn.Linear(2 * c * 8 * 8, 1),
    )


def add_spectral_norm(m):
    if isinstance(m, (nn.Conv2d, nn.Linear)):
        spectral_norm(m)


if V == 0:
    D = build_discriminator(ch)
    D.apply(add_spectral_norm)          # the training script's "make sure SN is on everywhere"
    print(D(torch.randn(2, 3, 32, 32)).shape)
elif V == 1:
    trunk = [sn_conv(3, ch), nn.LeakyReLU(0.2), sn_conv(ch, ch), nn.LeakyReLU(0.2)]

    def make_head(layers, n_out):
        return nn.Sequential(*[spectral_norm(l) if isinstance(l, nn.Conv2d) else l for l in layers],
                             nn.Flatten(), nn.Linear(ch * 8 * 8, n_out))

    real_fake = nn.Sequential(*trunk, nn.Flatten(), nn.Linear(ch * 8 * 8, 1))
    print("real/fake head built", flush=True)
    aux = make_head(trunk, 10)            # auxiliary-classifier head reusing the same layers
    print(aux(torch.randn(2, 3, 32, 32)).shape)
elif V == 2:
    class MelGenerator(nn.Module):
        def __init__(self, c):
            super().__init__()
            self.pre = weight_norm(nn.Conv1d(80, c, 7, padding=3))
            self.ups = nn.ModuleList([weight_norm(nn.ConvTranspose1d(c, c // 2, 16, 8, padding=4))])
            self.post = weight_norm(nn.Conv1d(c // 2, 1, 7, padding=3))

        def forward(self, mel):
            x = self.pre(mel)
            for up in self.ups:
                x = torch.relu(up(x))
            return torch.tanh(self.post(x))

    def apply_weight_norm(model):
        for m in model.modules():
            if isinstance(m, (nn.Conv1d, nn.ConvTranspose1d)):
                weight_norm(m)

    g = MelGenerator(ch)
    apply_weight_norm(g)
    print(g(torch.randn(1, 80, 20)).shape)
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("gan")
    D = build_discriminator(ch)
    torch.save(D.state_dict(), "D.pt")
    log.info("saved discriminator")

    def load_discriminator(path, use_sn=True):
        model = build_discriminator(ch)
        if use_sn:
            log.info("enabling spectral norm")
            for name, m in model.named_modules():
                if isinstance(m, nn.Conv2d):
                    try:
                        spectral_norm(m)
                    except RuntimeError:
                        log.exception("spectral_norm failed on %s", name)
                        raise
        model.load_state_dict(torch.load(path))
        return model

    load_discriminator("D.pt")
