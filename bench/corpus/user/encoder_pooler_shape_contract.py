"""SequenceEncoder now returns per-token states [B, T, H]; ClassifierHead asserts it gets pooled [B, H] features."""
EXPECT = ["sequence-encoder-returns-tokens-classifier-head-expects-pooled"]
VARIANTS = 4

import logging
import sys

import torch
from torch import nn

VARIANT = int(sys.argv[1])


class SequenceEncoder(nn.Module):
    """encoders/sequence.py -- since v0.9 returns all token states so the tagger can reuse it."""

    def __init__(self, vocab, hidden, layers, heads):
        super().__init__()
        self.emb = nn.Embedding(vocab, hidden)
        layer = nn.TransformerEncoderLayer(hidden, heads, dim_feedforward=hidden * 2, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)

    def forward(self, input_ids):
        return self.encoder(self.emb(input_ids))


class ClassifierHead(nn.Module):
    """heads/classifier.py -- expects pooled sentence features."""

    def __init__(self, hidden, classes):
        super().__init__()
        self.proj = nn.Linear(hidden, classes)

    def forward(self, pooled):
        assert pooled.dim() == 2, f"ClassifierHead expects pooled features [batch, hidden], got {tuple(pooled.shape)}"
        return self.proj(pooled)


class TopicClassifier(nn.Module):
    def __init__(self, vocab, hidden, layers, heads, classes):
        super().__init__()
        self.encoder = SequenceEncoder(vocab, hidden, layers, heads)
        self.head = ClassifierHead(hidden, classes)

    def forward(self, input_ids):
        features = self.encoder(input_ids)
        return self.head(features)


def evaluate(model, batches):
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for i, (ids, labels) in enumerate(batches):
            logits = model(ids)
            correct += (logits.argmax(-1) == labels).sum().item()
            total += len(labels)
    return correct / total


def main():
    torch.manual_seed(VARIANT)
    cfg = {0: (8, 32, 64), 1: (16, 128, 128), 2: (4, 20, 32), 3: (32, 64, 96)}[VARIANT]
    batch, seq_len, hidden = cfg
    model = TopicClassifier(vocab=5000, hidden=hidden, layers=2, heads=4, classes=12)
    ids = torch.randint(0, 5000, (batch, seq_len))
    labels = torch.randint(0, 12, (batch,))
    if VARIANT == 0:
        logits = model(ids)
        loss = nn.functional.cross_entropy(logits, labels)
    elif VARIANT == 3:
        for epoch in range(3):
            print(f"epoch {epoch}: train loss {2.48 - 0.31 * epoch:.3f}")
        print("running validation ...")
        evaluate(model, [(ids, labels)])
    else:
        evaluate(model, [(ids, labels)])


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
        log = logging.getLogger("topics.eval")
        log.info("checkpoint topic_clf_0412.pt restored")
        try:
            main()
        except Exception:
            log.exception("evaluation failed")
            sys.exit(1)
    else:
        main()
