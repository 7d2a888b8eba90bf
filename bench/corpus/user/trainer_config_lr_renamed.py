"""Trainer v2 reads optimizer.learning_rate but the older experiment YAML configs still say optimizer.lr."""
EXPECT = ["trainer-v2-config-optimizer-lr-renamed"]
VARIANTS = 4

import logging
import sys
from pathlib import Path

import torch
import yaml

VARIANT = int(sys.argv[1])

# experiment configs written for trainer v1 (key: lr); trainer v2 expects learning_rate
EXPERIMENTS = {
    0: ("configs/exp_017_ranker.yaml", {"hidden": 64, "layers": 2}, {"name": "adamw", "lr": 3.0e-4, "weight_decay": 0.01}),
    1: ("configs/ablations/exp_031_no_dropout.yaml", {"hidden": 128, "layers": 4}, {"name": "adamw", "lr": 1.0e-4, "weight_decay": 0.0}),
    2: ("configs/exp_024_listwise.yaml", {"hidden": 32, "layers": 1}, {"name": "sgd", "lr": 0.05, "momentum": 0.9}),
    3: ("configs/sweeps/exp_040/trial_7.yaml", {"hidden": 96, "layers": 3}, {"name": "adamw", "lr": 5.0e-4, "weight_decay": 0.05}),
}


def write_config(path, model_cfg, optim_cfg):
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump({"model": model_cfg, "optimizer": optim_cfg, "trainer": {"epochs": 3, "batch_size": 64}}))
    return path


def load_config(path):
    with open(path) as fh:
        return yaml.safe_load(fh)


class Ranker(torch.nn.Module):
    def __init__(self, hidden, layers):
        super().__init__()
        blocks = [torch.nn.Linear(32, hidden), torch.nn.ReLU()]
        for _ in range(layers - 1):
            blocks += [torch.nn.Linear(hidden, hidden), torch.nn.ReLU()]
        blocks.append(torch.nn.Linear(hidden, 1))
        self.net = torch.nn.Sequential(*blocks)

    def forward(self, x):
        return self.net(x).squeeze(-1)


def build_optimizer(model, optim_cfg):
    params = model.parameters()
    lr = optim_cfg["learning_rate"]
    if optim_cfg["name"] == "adamw":
        return torch.optim.AdamW(params, lr=lr, weight_decay=optim_cfg.get("weight_decay", 0.0))
    return torch.optim.SGD(params, lr=lr, momentum=optim_cfg.get("momentum", 0.0))


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = Ranker(**cfg["model"])
        self.optimizer = self.configure_optimizers()

    def configure_optimizers(self):
        return build_optimizer(self.model, self.cfg["optimizer"])


def main():
    path, model_cfg, optim_cfg = EXPERIMENTS[VARIANT]
    path = write_config(path, model_cfg, optim_cfg)
    cfg = load_config(path)
    if VARIANT == 0:
        model = Ranker(**cfg["model"])
        build_optimizer(model, cfg["optimizer"])
    elif VARIANT == 3:
        print(f"[train] config: {path}")
        print(f"[train] model: Ranker(hidden={model_cfg['hidden']}, layers={model_cfg['layers']})")
        print("[train] building optimizer ...")
        Trainer(cfg)
    else:
        Trainer(cfg)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        log = logging.getLogger("ranker.train")
        log.info("starting run exp_024_listwise")
        log.info("loading config from configs/exp_024_listwise.yaml")
        try:
            main()
        except Exception:
            log.exception("training setup failed")
            sys.exit(1)
    else:
        main()
