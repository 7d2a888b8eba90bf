"""AttributeError: 'SequenceClassifierOutput' object has no attribute 'last_hidden_state': embeddings are read from a task model's output (…ForSequenceClassification / …ForTokenClassification) as if it were the base model's (last_hidden_state, pooler_output), or hidden_states is read without output_hidden_states=True."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from transformers import BertConfig, BertForSequenceClassification, BertForTokenClassification

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)
cfg = BertConfig(hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=64,
                 vocab_size=100, num_labels=3)
batch = [4, 8, 2, 6][V]
ids = torch.randint(1, 100, (batch, 12))
mask = torch.ones_like(ids)

if V == 0:
    model = BertForSequenceClassification(cfg).eval()

    def embed(input_ids, attention_mask):
        with torch.no_grad():
            out = model(input_ids=input_ids, attention_mask=attention_mask)
        h = out.last_hidden_state
        return (h * attention_mask[..., None]).sum(1) / attention_mask.sum(1, keepdim=True)

    print(embed(ids, mask).shape)
elif V == 1:
    model = BertForTokenClassification(cfg).eval()
    with torch.no_grad():
        out = model(input_ids=ids, attention_mask=mask)
    print("logits", tuple(out.logits.shape), flush=True)
    token_states = out["last_hidden_state"]
    print(token_states.shape)
elif V == 2:
    model = BertForSequenceClassification(cfg).eval()
    with torch.no_grad():
        out = model(input_ids=ids, attention_mask=mask)
    cls_vec = out.pooler_output
    print(cls_vec.shape)
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("index")

    class Indexer:
        def __init__(self):
            self.model = BertForSequenceClassification(cfg).eval()

        @torch.no_grad()
        def encode(self, input_ids):
            out = self.model(input_ids=input_ids)
            return out.hidden_states[-1][:, 0]       # CLS of the last layer

    idx = Indexer()
    for b in range(2):
        chunk = ids[b * 3:(b + 1) * 3]
        log.info("encoding chunk %d (%d docs)", b, len(chunk))
        try:
            vecs = idx.encode(chunk)
        except TypeError:
            log.exception("encoding failed")
            raise
