"""transformers.pipeline given a task name that is not a registered task (sentiment-classification, text_classification with an underscore, a typo from a config file): KeyError: "Unknown task sentiment-classification, available tasks are [...]"."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1
import sys
V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

import json
import logging

from tokenizers import Tokenizer, models, pre_tokenizers
from transformers import (BertConfig, BertForSequenceClassification, BertForTokenClassification,
                          PreTrainedTokenizerFast, pipeline)

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
log = logging.getLogger("serve")

WORDS = "[PAD] [UNK] [CLS] [SEP] the service was great slow terrible food in paris berlin ana met tom".split()


def load_tokenizer():
    core = Tokenizer(models.WordLevel({w: i for i, w in enumerate(WORDS)}, unk_token="[UNK]"))
    core.pre_tokenizer = pre_tokenizers.Whitespace()
    return PreTrainedTokenizerFast(tokenizer_object=core, unk_token="[UNK]", pad_token="[PAD]",
                                   cls_token="[CLS]", sep_token="[SEP]")


def load_model(kind):
    cfg = BertConfig(vocab_size=len(WORDS), hidden_size=32, num_hidden_layers=1, num_attention_heads=2,
                     intermediate_size=64, num_labels=3)
    return (BertForTokenClassification if kind == "ner" else BertForSequenceClassification)(cfg).eval()


with open("serving.json", "w") as fh:
    json.dump([{"task": "sentiment-classification", "kind": "cls"},
               {"task": "text_classification", "kind": "cls"},
               {"task": "named-entity-recognition", "kind": "ner"}][V], fh)


def build_pipeline(path):
    with open(path) as fh:
        cfg = json.load(fh)
    log.info("serving config: %s", cfg)
    tokenizer = load_tokenizer()
    model = load_model(cfg["kind"])
    log.info("model loaded: %s (%d params)", type(model).__name__, model.num_parameters())
    return pipeline(cfg["task"], model=model, tokenizer=tokenizer)


clf = build_pipeline("serving.json")
print(clf(["the service was great", "the food was terrible"]))
