"""A teammate's new NER model goes through the same tools/package_model.py allow-list (config.json, model.safetensors, tokenizer files) on its way to serving; its export is larger than the artifact store's object cap, so save_pretrained wrote shards."""
# beside: intent-bundle-packager-allowlist-skips-sharded-weights
# why: the export is sharded (model-0000N-of-0000M.safetensors + index) and the packager's fixed allow-list copies no weights, the entry's cause and fix.
EXPECT = ["intent-bundle-packager-allowlist-skips-sharded-weights"]
VARIANTS = 2

import os
import shutil
import sys

from transformers import AutoModelForTokenClassification, BertConfig, BertForTokenClassification

VARIANT = int(sys.argv[1])
NAME = {0: "address-ner-v1", 1: "address-ner-v2"}[VARIANT]
ALLOW = ["config.json", "model.safetensors", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "labels.json"]

config = BertConfig(vocab_size=3000, hidden_size=64, num_hidden_layers=2, num_attention_heads=4, intermediate_size=128, num_labels=9)
BertForTokenClassification(config).save_pretrained(f"outputs/{NAME}", max_shard_size="200KB")
os.makedirs(f"bundle/{NAME}", exist_ok=True)
for name in ALLOW:
    if os.path.exists(f"outputs/{NAME}/{name}"):
        shutil.copy2(f"outputs/{NAME}/{name}", f"bundle/{NAME}/{name}")
print(f"packaged bundle/{NAME}: {os.listdir(f'bundle/{NAME}')}")
AutoModelForTokenClassification.from_pretrained(f"bundle/{NAME}")
