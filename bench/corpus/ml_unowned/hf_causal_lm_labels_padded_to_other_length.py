"""Causal LM fine-tuning where labels were tokenized and padded separately (other max_length) from input_ids: Expected input batch_size (B*T) to match target batch_size (B*L)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import torch
from torch.utils.data import DataLoader, Dataset
from transformers import GPT2Config, GPT2LMHeadModel
from transformers.utils import logging as hf_logging

variant = int(sys.argv[1])
hf_logging.set_verbosity_error()
batch, prompt_len, target_len = [(4, 32, 48), (8, 64, 40), (2, 24, 24 + 8)][variant]
PAD = 0


class InstructionDataset(Dataset):
    """prompt -> input_ids (max_length=prompt_len), response -> labels (max_length=target_len)."""

    def __init__(self, n=32):
        g = torch.Generator().manual_seed(variant)
        self.prompts = [torch.randint(1, 500, (int(torch.randint(5, prompt_len, (1,), generator=g)),), generator=g) for _ in range(n)]
        self.responses = [torch.randint(1, 500, (int(torch.randint(3, target_len, (1,), generator=g)),), generator=g) for _ in range(n)]

    def __len__(self):
        return len(self.prompts)

    @staticmethod
    def pad(x, n, value):
        return torch.cat([x[:n], torch.full((max(0, n - len(x)),), value)])

    def __getitem__(self, i):
        ids = self.pad(self.prompts[i], prompt_len, PAD)
        labels = self.pad(self.responses[i], target_len, -100)
        return {"input_ids": ids, "attention_mask": (ids != PAD).long(), "labels": labels}


model = GPT2LMHeadModel(GPT2Config(vocab_size=500, n_positions=128, n_embd=64, n_layer=2, n_head=2,
                                   bos_token_id=1, eos_token_id=2, pad_token_id=PAD))
opt = torch.optim.AdamW(model.parameters(), lr=5e-4)
loader = DataLoader(InstructionDataset(), batch_size=batch, shuffle=True, num_workers=2 if variant == 1 else 0)


def train_step(batch_data):
    out = model(**batch_data)
    out.loss.backward()
    opt.step()
    opt.zero_grad()
    return out.loss.item()


if __name__ == "__main__":
    for step, batch_data in enumerate(loader):
        print(f"step {step} input_ids {tuple(batch_data['input_ids'].shape)} labels {tuple(batch_data['labels'].shape)}")
        print(f"loss {train_step(batch_data):.4f}")
