"""Team's pooling head reads config.hidden_dim (the name in our old in-house config); HF configs call it hidden_size."""
EXPECT = ["span-head-reads-config-hidden-dim"]
VARIANTS = 4

import logging
import sys

import torch
from torch import nn
from transformers import BertConfig, BertModel, DistilBertConfig, DistilBertModel, RobertaConfig, RobertaModel

VARIANT = int(sys.argv[1])


class SpanHead(nn.Module):
    def __init__(self, config, num_tags):
        super().__init__()
        self.dropout = nn.Dropout(getattr(config, "hidden_dropout_prob", 0.1))
        self.start = nn.Linear(config.hidden_dim, num_tags)
        self.end = nn.Linear(config.hidden_dim, num_tags)

    def forward(self, states):
        states = self.dropout(states)
        return self.start(states), self.end(states)


class SpanExtractor(nn.Module):
    def __init__(self, backbone, num_tags):
        super().__init__()
        self.backbone = backbone
        self.head = SpanHead(backbone.config, num_tags)

    def forward(self, input_ids):
        return self.head(self.backbone(input_ids).last_hidden_state)


def build_backbone(kind):
    small = dict(num_hidden_layers=2, num_attention_heads=4, intermediate_size=128)
    if kind == "bert":
        return BertModel(BertConfig(vocab_size=1000, hidden_size=64, **small))
    if kind == "roberta":
        return RobertaModel(RobertaConfig(vocab_size=1000, hidden_size=64, **small))
    return DistilBertModel(DistilBertConfig(vocab_size=1000, dim=64, n_layers=2, n_heads=4, hidden_dim=128))


def main():
    kind, tags = {0: ("bert", 9), 1: ("roberta", 17), 2: ("bert", 5), 3: ("roberta", 9)}[VARIANT]
    backbone = build_backbone(kind)
    if VARIANT == 3:
        print(f"backbone: {type(backbone).__name__} ({sum(p.numel() for p in backbone.parameters())} params)")
        print("attaching span head ...")
    if VARIANT == 0:
        head = SpanHead(backbone.config, tags)
    else:
        model = SpanExtractor(backbone, tags)
        model(torch.randint(0, 1000, (2, 16)))


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        log = logging.getLogger("ner.build")
        log.info("building span extractor for 5 tags")
        try:
            main()
        except Exception:
            log.exception("model build failed")
            sys.exit(1)
    else:
        main()
