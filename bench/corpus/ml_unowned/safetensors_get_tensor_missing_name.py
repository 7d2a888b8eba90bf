"""Reading a named tensor from a safetensors file the export never wrote it to (a head-less encoder export, a manifest naming a buffer renamed since, the wrong shard of a sharded checkpoint): SafetensorError: File does not contain tensor classifier.weight."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import json
import logging
import sys

import torch
from safetensors import safe_open
from safetensors.torch import save_file

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(15)


def export_encoder(path):
    tensors = {"embeddings.weight": torch.randn(100, 16), "encoder.0.weight": torch.randn(16, 16),
               "encoder.0.bias": torch.zeros(16)}
    save_file(tensors, path, metadata={"task": "intent", "num_labels": "5"})


def load_head(path):
    with safe_open(path, framework="pt") as f:
        return f.get_tensor("classifier.weight"), f.get_tensor("classifier.bias")


def export_vit_backbone(path):
    save_file({"patch_embed.proj.weight": torch.randn(32, 3, 4, 4), "position_embeddings": torch.randn(1, 65, 32),
               "cls_token": torch.randn(1, 1, 32)}, path)


def write_manifest(path):
    with open(path, "w") as f:
        json.dump({"tensors": ["patch_embed.proj.weight", "cls_token", "pos_embed"]}, f)


def load_from_manifest(weights_path, manifest_path, log):
    with open(manifest_path) as f:
        names = json.load(f)["tensors"]
    state = {}
    with safe_open(weights_path, framework="pt") as f:
        for name in names:
            state[name] = f.get_tensor(name)
            log.info("loaded %s %s", name, tuple(state[name].shape))
    return state


def export_sharded_lm():
    save_file({"wte.weight": torch.randn(64, 8), "h.0.attn.weight": torch.randn(8, 24)}, "model-00001-of-00002.safetensors")
    save_file({"h.1.attn.weight": torch.randn(8, 24), "lm_head.weight": torch.randn(64, 8)}, "model-00002-of-00002.safetensors")


def peek_output_vocab(shard):
    with safe_open(shard, framework="pt") as f:
        print("tensors in shard:", sorted(f.keys()), flush=True)
        return f.get_slice("lm_head.weight").get_shape()


if V == 0:
    export_encoder("intent_encoder.safetensors")
    weight, bias = load_head("intent_encoder.safetensors")
    print(weight.shape, bias.shape)
elif V == 1:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    export_vit_backbone("defect_vit.safetensors")
    write_manifest("defect_vit.manifest.json")
    load_from_manifest("defect_vit.safetensors", "defect_vit.manifest.json", logging.getLogger("serving.load"))
else:
    export_sharded_lm()
    print(peek_output_vocab("model-00001-of-00002.safetensors"))
