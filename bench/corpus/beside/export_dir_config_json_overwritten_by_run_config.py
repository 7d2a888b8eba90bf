"""The export saves the model with save_pretrained, then the experiment tracker's hook dumps the run's hyper-parameters into the same folder, also as config.json."""
# beside: export-config-json-missing-model-type
# why: the export writes a proper transformers config; a later step overwrites that file with the training hyper-parameters (a file-name clash), the config was not built from the team's dataclass.
EXPECT = []
VARIANTS = 2

import json
import logging
import os
import sys

VARIANT = int(sys.argv[1])
log = logging.getLogger("export")

RUN_CONFIG = {"lr": 3e-5, "epochs": 4, "batch_size": 64, "max_len": 128, "seed": 13, "loss": "listwise_softmax"}


def export_model(out_dir):
    from transformers import BertConfig, BertModel

    model = BertModel(BertConfig(vocab_size=500, hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64))
    model.save_pretrained(out_dir)
    log.info("saved model to %s", out_dir)


def log_run_config(out_dir, config):
    """Tracker hook: keep the run config next to every artifact it produced."""
    with open(os.path.join(out_dir, "config.json"), "w") as fh:
        json.dump(config, fh, indent=2)


def load_for_serving(out_dir):
    from transformers import AutoModel

    return AutoModel.from_pretrained(out_dir)


def main():
    out_dir = "exported/ranker-v3"
    export_model(out_dir)
    log_run_config(out_dir, dict(RUN_CONFIG, seed=13 + VARIANT))
    if VARIANT == 1:
        log.info("artifacts: %s", sorted(os.listdir(out_dir)))
    load_for_serving(out_dir)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if VARIANT == 1:
        try:
            main()
        except Exception:
            log.exception("smoke test of the export failed")
            sys.exit(1)
    else:
        main()
