"""Before publishing, a redaction step drops every config key starting with model_ (meant for internal model_owner/model_card_url fields) and takes model_type with them."""
# beside: export-config-json-missing-model-type
# why: export_model writes a full transformers config; the team's publish/redaction filter removes model_type by prefix, the config was not dumped from the team's own dataclass.
EXPECT = []
VARIANTS = 2

import json
import logging
import os
import sys

VARIANT = int(sys.argv[1])
log = logging.getLogger("publish")

INTERNAL_PREFIXES = ("model_", "_name_or_path", "internal_")


def export_model(out_dir):
    from transformers import BertConfig

    cfg = BertConfig(vocab_size=800, hidden_size=64, num_hidden_layers=2, num_attention_heads=4, intermediate_size=128)
    cfg.model_owner = "search-ranking"
    cfg.model_card_url = "https://wiki.internal/ranker-v3"
    cfg.save_pretrained(out_dir)


def redact(out_dir):
    path = os.path.join(out_dir, "config.json")
    with open(path) as fh:
        cfg = json.load(fh)
    dropped = [k for k in cfg if k.startswith(INTERNAL_PREFIXES)]
    for key in dropped:
        del cfg[key]
    with open(path, "w") as fh:
        json.dump(cfg, fh, indent=2)
    return dropped


def smoke_test(out_dir):
    from transformers import AutoConfig

    return AutoConfig.from_pretrained(out_dir)


def main():
    out_dir = "exported/ranker-v3"
    export_model(out_dir)
    dropped = redact(out_dir)
    log.info("redacted %d internal keys", len(dropped))
    if VARIANT == 1:
        log.info("smoke test: loading %s", out_dir)
    smoke_test(out_dir)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if VARIANT == 1:
        try:
            main()
        except Exception:
            log.exception("publish aborted")
            sys.exit(1)
    else:
        main()
