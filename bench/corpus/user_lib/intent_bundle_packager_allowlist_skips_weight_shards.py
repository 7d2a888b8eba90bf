"""tools/package_model.py copies an allow-list of file names (config.json, model.safetensors, tokenizer files) from the training export into the serving bundle, to leave optimizer states and checkpoints behind; since the intent model moved to the larger backbone, save_pretrained writes it in shards (model-0000N-of-0000M.safetensors + index) under the artifact store's object-size cap, and the packager silently copies no weights."""
EXPECT = ["intent-bundle-packager-allowlist-skips-sharded-weights"]
VARIANTS = 4

import logging
import os
import shutil
import sys

from transformers import AutoModelForSequenceClassification, BertConfig, BertForSequenceClassification

VARIANT = int(sys.argv[1])
NAME = {0: "intent-v4", 1: "ticket-router-v2", 2: "intent-v4", 3: "intent-v4"}[VARIANT]
HIDDEN = {0: 64, 1: 96, 2: 64, 3: 64}[VARIANT]
MAX_OBJECT = "200KB"  # artifact store object-size cap, scaled down with the model

ALLOW = ["config.json", "model.safetensors", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "labels.json"]


def export(out_dir):
    """end of train_intent.py"""
    config = BertConfig(vocab_size=3000, hidden_size=HIDDEN, num_hidden_layers=2, num_attention_heads=4,
                        intermediate_size=HIDDEN * 2, num_labels=23)
    model = BertForSequenceClassification(config)
    model.save_pretrained(out_dir, max_shard_size=MAX_OBJECT)
    with open(os.path.join(out_dir, "labels.json"), "w") as fh:
        fh.write('["billing", "cancel", "delivery_status", "refund"]\n')
    with open(os.path.join(out_dir, "optimizer.pt"), "wb") as fh:
        fh.write(b"\0" * 1024)


def package(export_dir, bundle_dir):
    """tools/package_model.py"""
    os.makedirs(bundle_dir, exist_ok=True)
    copied = []
    for name in ALLOW:
        src = os.path.join(export_dir, name)
        if os.path.exists(src):
            shutil.copy2(src, os.path.join(bundle_dir, name))
            copied.append(name)
    return copied


def load_for_serving(bundle_dir):
    return AutoModelForSequenceClassification.from_pretrained(bundle_dir)


class ServingModel:
    def __init__(self, bundle_dir):
        self.model = load_for_serving(bundle_dir).eval()


def main():
    export_dir, bundle_dir = f"outputs/{NAME}", f"bundle/{NAME}"
    export(export_dir)
    copied = package(export_dir, bundle_dir)
    print(f"packaged {bundle_dir}: {', '.join(copied)}")
    if VARIANT == 3:
        print("uploading bundle ... done")
        print("serving: loading model")
    if VARIANT == 1:
        ServingModel(bundle_dir)
    else:
        model = load_for_serving(bundle_dir)
        print(model.config.num_labels)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s package_model: %(message)s")
        logging.info("packaging %s", NAME)
        try:
            main()
        except Exception:
            logging.exception("bundle check failed")
            sys.exit(1)
    else:
        main()
