"""A transformers config naming an activation that is not in ACT2FN ("swiglu" for a BERT-style MLP, "gelu_tanh" instead of gelu_pytorch_tanh, "GELU" capitalised in a hand-written config.json): KeyError: 'swiglu' when the model is built."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import json
import logging
import os

import torch
from transformers import AutoConfig, AutoModel, BertConfig, BertForMaskedLM, GPT2Config, GPT2LMHeadModel

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("pretrain")

SIZES = {"tiny": dict(hidden=64, layers=2, heads=4)}


def build(arch, size, act):
    s = SIZES[size]
    log.info("building %s-%s with %s activation", arch, size, act)
    if arch == "bert":
        cfg = BertConfig(vocab_size=500, hidden_size=s["hidden"], num_hidden_layers=s["layers"],
                         num_attention_heads=s["heads"], intermediate_size=4 * s["hidden"], hidden_act=act)
        return BertForMaskedLM(cfg)
    cfg = GPT2Config(vocab_size=500, n_embd=s["hidden"], n_layer=s["layers"], n_head=s["heads"],
                     n_positions=128, activation_function=act)
    return GPT2LMHeadModel(cfg)


if V == 0:
    model = build("bert", "tiny", "swiglu")  # "like LLaMA"
elif V == 1:
    model = build("gpt2", "tiny", "gelu_tanh")
else:
    os.makedirs("encoder", exist_ok=True)
    with open("encoder/config.json", "w") as fh:
        json.dump({"model_type": "bert", "vocab_size": 500, "hidden_size": 64, "num_hidden_layers": 2,
                   "num_attention_heads": 4, "intermediate_size": 256, "hidden_act": "GELU",
                   "max_position_embeddings": 128}, fh, indent=2)
    log.info("wrote encoder/config.json")
    config = AutoConfig.from_pretrained("encoder")
    log.info("loaded config: model_type=%s hidden_act=%s", config.model_type, config.hidden_act)
    model = AutoModel.from_config(config)

ids = torch.randint(0, 500, (2, 16))
print(model(input_ids=ids).logits.shape)
