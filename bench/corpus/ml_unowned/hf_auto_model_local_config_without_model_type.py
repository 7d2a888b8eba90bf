"""Loading a local model folder with the Auto classes when its config.json has no model_type (written with the PretrainedConfig base class, or dumped by hand from the training args): ValueError: Unrecognized model in ... Should have a `model_type` key in its config.json."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import os
import sys

from transformers import AutoConfig, AutoModel, AutoModelForSequenceClassification, PretrainedConfig

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("serve")

HPARAMS = {"vocab_size": 3000, "hidden_size": 64, "num_hidden_layers": 2, "num_attention_heads": 4,
           "intermediate_size": 128, "num_labels": 5, "max_position_embeddings": 128}


def export_config(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    cfg = PretrainedConfig(**HPARAMS, architectures=["BertForSequenceClassification"])
    cfg.save_pretrained(out_dir)


def dump_training_args(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "config.json"), "w") as f:
        json.dump({**HPARAMS, "learning_rate": 3e-5, "epochs": 4, "id2label": {str(i): f"intent_{i}" for i in range(5)}}, f, indent=2)


def load_for_serving(model_dir):
    log.info("loading model from %s", model_dir)
    config = AutoConfig.from_pretrained(model_dir)
    return AutoModelForSequenceClassification.from_config(config)


if variant == 0:
    export_config("artifacts/intent-bert")
    model = AutoModelForSequenceClassification.from_pretrained("artifacts/intent-bert")
elif variant == 1:
    dump_training_args("outputs/run_0412/final")
    log.info("wrote outputs/run_0412/final/config.json")
    model = load_for_serving("outputs/run_0412/final")
else:
    export_config("encoder_ckpt")
    for name in sorted(os.listdir("encoder_ckpt")):
        print("found", name)
    encoder = AutoModel.from_pretrained("encoder_ckpt")
