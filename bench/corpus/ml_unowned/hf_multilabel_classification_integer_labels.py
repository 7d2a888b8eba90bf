"""Multi-label fine-tuning (problem_type='multi_label_classification' / BCEWithLogits) given integer multi-hot labels: result type Float can't be cast to the desired output type Long."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import numpy as np
import torch
from torch import nn
from transformers import BertConfig, BertForSequenceClassification, DistilBertConfig, DistilBertForSequenceClassification

variant = int(sys.argv[1])
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("finetune_tags")
torch.manual_seed(0)
TAGS = ["billing", "bug", "feature", "account", "refund"][: [5, 4, 5][variant]]


def multi_hot(tag_lists, tags):
    out = np.zeros((len(tag_lists), len(tags)), dtype=np.int64)
    for i, ts in enumerate(tag_lists):
        for t in ts:
            out[i, tags.index(t)] = 1
    return torch.from_numpy(out)


def build_model(n_labels):
    if variant == 1:
        cfg = DistilBertConfig(vocab_size=300, dim=32, n_layers=1, n_heads=2, hidden_dim=64, num_labels=n_labels,
                               problem_type="multi_label_classification")
        return DistilBertForSequenceClassification(cfg)
    cfg = BertConfig(vocab_size=300, hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=64,
                     num_labels=n_labels, problem_type="multi_label_classification")
    return BertForSequenceClassification(cfg)


class TagHead(nn.Module):
    def __init__(self, dim, n_labels):
        super().__init__()
        self.proj = nn.Linear(dim, n_labels)
        self.loss_fn = nn.BCEWithLogitsLoss()

    def forward(self, pooled, labels):
        logits = self.proj(pooled)
        return self.loss_fn(logits, labels), logits


rng = np.random.default_rng(variant)
tag_lists = [list(rng.choice(TAGS, size=rng.integers(1, 3), replace=False)) for _ in range(8)]
labels = multi_hot(tag_lists, TAGS)
ids = torch.randint(1, 300, (8, 12))
log.info("batch of %d tickets, %d tags, label dtype %s", len(tag_lists), len(TAGS), labels.dtype)

if variant in (0, 1):
    model = build_model(len(TAGS))
    optimizer = torch.optim.AdamW(model.parameters(), lr=5e-5)
    for step in range(2):
        out = model(input_ids=ids, attention_mask=torch.ones_like(ids), labels=labels)
        out.loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        log.info("step %d loss %.4f", step, out.loss.item())
else:
    head = TagHead(32, len(TAGS))
    pooled = torch.randn(8, 32)
    log.info("training tag head on cached pooled embeddings")
    loss, _ = head(pooled, labels)
    loss.backward()
