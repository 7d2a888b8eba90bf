"""Converting weights for export (transposing a fused qkv matrix, slicing embedding columns, permuting a conv kernel to HWIO) and passing the views straight to safetensors save_file: You are trying to save a non contiguous tensor."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from safetensors.torch import save_file
from torch import nn

variant = int(sys.argv[1])


def convert_attention(block, prefix):
    """Our training code uses a fused (in, 3*out) matrix; the serving runtime wants nn.Linear layout."""
    w = block["qkv_weight"]                       # (d_model, 3 * d_model)
    return {f"{prefix}.qkv_proj.weight": w.t(), f"{prefix}.qkv_proj.bias": block["qkv_bias"]}


def shrink_embeddings(table, keep_dims):
    return table[:, :keep_dims]                   # first principal dims only


def to_hwio(conv):
    return conv.weight.detach().permute(2, 3, 1, 0)


def write_export(tensors, path):
    print(f"writing {len(tensors)} tensors to {path}")
    save_file(tensors, path)


if variant == 0:
    d = 32
    blocks = [{"qkv_weight": torch.randn(d, 3 * d), "qkv_bias": torch.zeros(3 * d)} for _ in range(2)]
    out = {}
    for i, blk in enumerate(blocks):
        out.update(convert_attention(blk, f"layers.{i}.attn"))
    write_export(out, "serving_weights.safetensors")
elif variant == 1:
    emb = nn.Embedding(5000, 128)
    tensors = {"item_embedding.weight": shrink_embeddings(emb.weight.detach(), 64)}
    write_export(tensors, "item_embeddings_64d.safetensors")
else:
    stem = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 32, 3, padding=1))
    tensors = {}
    for name, mod in stem.named_children():
        if isinstance(mod, nn.Conv2d):
            tensors[f"stem.{name}.kernel"] = to_hwio(mod)
            tensors[f"stem.{name}.bias"] = mod.bias.detach()
    write_export(tensors, "stem_hwio.safetensors")
