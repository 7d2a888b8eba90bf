"""A teammate exports the NER tagger with the team's export step (torch.save, file named model.safetensors); the serving warm-up opens it with safe_open."""
# beside: export-torch-save-file-named-safetensors
# why: export_model writes the weights with torch.save under the model.safetensors name the serving image expects, the entry's cause and fix.
EXPECT = ["export-torch-save-file-named-safetensors"]
VARIANTS = 2

import os
import sys

import torch
from safetensors import safe_open
from torch import nn

VARIANT = int(sys.argv[1])


class Tagger(nn.Module):
    def __init__(self, vocab, n_tags):
        super().__init__()
        self.emb = nn.Embedding(vocab, 32)
        self.rnn = nn.GRU(32, 32, batch_first=True)
        self.out = nn.Linear(32, n_tags)

    def forward(self, ids):
        return self.out(self.rnn(self.emb(ids))[0])


def export_model(model, out_dir):
    """The team's export step, reused as is."""
    os.makedirs(out_dir, exist_ok=True)
    torch.save(model.state_dict(), os.path.join(out_dir, "model.safetensors"))


class Warmup:
    def __init__(self, model_dir):
        self.path = os.path.join(model_dir, "model.safetensors")

    def tensors(self):
        with safe_open(self.path, framework="pt") as fh:
            return {k: fh.get_tensor(k) for k in fh.keys()}

    def run(self, model):
        model.load_state_dict(self.tensors())
        return model(torch.zeros(1, 8, dtype=torch.long))


def main():
    vocab, n_tags = {0: (500, 9), 1: (2000, 17)}[VARIANT]
    out_dir = {0: "export/ner-tagger", 1: "artifacts/ner-v2"}[VARIANT]
    export_model(Tagger(vocab, n_tags), out_dir)
    if VARIANT == 1:
        print(f"exported {out_dir}/model.safetensors")
        print("serving: warm-up 1 request")
    Warmup(out_dir).run(Tagger(vocab, n_tags))


if __name__ == "__main__":
    main()
