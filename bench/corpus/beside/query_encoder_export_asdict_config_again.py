"""A teammate's export script for the query encoder dumps its own QueryEncoderConfig dataclass with asdict as config.json; AutoModel cannot load the folder."""
# beside: export-config-json-missing-model-type
# why: config.json is written from the team's own dataclass via asdict and has no model_type, the entry's own cause and fix (save the transformers config, or add model_type).
EXPECT = ["export-config-json-missing-model-type"]
VARIANTS = 2

import json
import logging
import os
import sys
from dataclasses import asdict, dataclass, field

VARIANT = int(sys.argv[1])
log = logging.getLogger("export_query_encoder")


@dataclass
class QueryEncoderConfig:
    vocab_size: int = 8000
    hidden_size: int = 256
    num_hidden_layers: int = 4
    num_attention_heads: int = 4
    intermediate_size: int = 1024
    max_position_embeddings: int = 64
    pooling: str = "mean"
    extra: dict = field(default_factory=lambda: {"normalize": True})


def export(out_dir, config):
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "config.json"), "w") as fh:
        json.dump(asdict(config), fh, indent=2)
    with open(os.path.join(out_dir, "README.md"), "w") as fh:
        fh.write("query encoder export\n")


def load(out_dir):
    from transformers import AutoModel

    return AutoModel.from_pretrained(out_dir)


def main():
    out_dir = {0: "exported/query-encoder-v2", 1: "exported/query-encoder-v3"}[VARIANT]
    export(out_dir, QueryEncoderConfig(num_hidden_layers=4 + 2 * VARIANT))
    log.info("exported %s", out_dir)
    load(out_dir)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if VARIANT == 1:
        try:
            main()
        except Exception:
            log.exception("export check failed")
            sys.exit(1)
    else:
        main()
