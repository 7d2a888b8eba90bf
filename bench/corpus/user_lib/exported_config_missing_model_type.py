"""export_model.py writes config.json from the team's own dataclass (asdict) and leaves out model_type; AutoConfig/AutoModel cannot load the folder."""
EXPECT = ["export-config-json-missing-model-type"]
VARIANTS = 3

import json
import os
import sys
from dataclasses import asdict, dataclass

VARIANT = int(sys.argv[1])


@dataclass
class RankerConfig:
    hidden_size: int = 128
    num_hidden_layers: int = 2
    num_attention_heads: int = 4
    intermediate_size: int = 256
    vocab_size: int = 5000


def export(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "config.json"), "w") as fh:
        json.dump(asdict(RankerConfig()), fh, indent=2)


def main():
    out_dir = {0: "exported/ranker-v3", 1: "artifacts/ranker-v4", 2: "exported/ranker-v3"}[VARIANT]
    export(out_dir)
    from transformers import AutoConfig, AutoModel

    if VARIANT == 1:
        AutoModel.from_pretrained(out_dir)
    else:
        if VARIANT == 2:
            print(f"loading {out_dir}")
        AutoConfig.from_pretrained(out_dir)


if __name__ == "__main__":
    main()
