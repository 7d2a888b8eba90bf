"""Exporting a language model whose output head is tied to the token embedding with safetensors.torch.save_file(model.state_dict()): RuntimeError: Some tensors share memory."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import os
import sys

import torch
from safetensors.torch import save_file
from torch import nn

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("export")


class TinyLM(nn.Module):
    def __init__(self, vocab_size, d_model, n_layers):
        super().__init__()
        self.tok_emb = nn.Embedding(vocab_size, d_model)
        self.blocks = nn.ModuleList(
            nn.TransformerEncoderLayer(d_model, nhead=2, dim_feedforward=2 * d_model, batch_first=True)
            for _ in range(n_layers)
        )
        self.ln_f = nn.LayerNorm(d_model)
        self.lm_head = nn.Linear(d_model, vocab_size, bias=False)
        self.lm_head.weight = self.tok_emb.weight   # weight tying

    def forward(self, ids):
        h = self.tok_emb(ids)
        for blk in self.blocks:
            h = blk(h)
        return self.lm_head(self.ln_f(h))


def export_checkpoint(model, out_dir, step):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"model-step{step:05d}.safetensors")
    save_file(model.state_dict(), path, metadata={"step": str(step)})
    return path


if variant == 0:
    model = TinyLM(vocab_size=120, d_model=32, n_layers=1)
    save_file(model.state_dict(), "tinylm.safetensors")
elif variant == 1:
    model = TinyLM(vocab_size=300, d_model=48, n_layers=2)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for step in range(1, 7):
        ids = torch.randint(0, 300, (4, 16))
        logits = model(ids[:, :-1])
        loss = nn.functional.cross_entropy(logits.reshape(-1, 300), ids[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        log.info("step %d loss %.4f", step, loss.item())
        if step % 3 == 0:
            log.info("saved %s", export_checkpoint(model, "checkpoints", step))
else:
    from transformers import GPT2Config, GPT2LMHeadModel

    config = GPT2Config(vocab_size=256, n_embd=32, n_layer=2, n_head=4, n_positions=64, bos_token_id=0, eos_token_id=1)
    model = GPT2LMHeadModel(config)
    log.info("built %s with %d parameters", type(model).__name__, sum(p.numel() for p in model.parameters()))
    state = {k: v for k, v in model.state_dict().items() if not k.endswith(".attn.bias")}
    save_file(state, "gpt2-small-ft.safetensors")
