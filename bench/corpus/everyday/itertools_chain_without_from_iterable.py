"""itertools.chain(list_of_lists) used where chain.from_iterable (or chain(*...)) was meant: it yields the inner lists, so Counter, sum or str.join fail on them."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys
from collections import Counter
from itertools import chain

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0

TICKETS = [
    "my parcel never arrived",
    "refund for damaged parcel",
    "change delivery address please",
    "parcel arrived damaged refund",
]


def tokenize(text):
    return text.lower().split()


def build_vocab(docs, min_count=2):
    counts = Counter(chain(tokenize(d) for d in docs))
    return sorted(w for w, c in counts.items() if c >= min_count)


def epoch_loss(per_batch_losses):
    flat = chain(per_batch_losses)
    return sum(flat) / sum(len(b) for b in per_batch_losses)


def summary_source(paragraphs_per_doc):
    return " ".join(chain(paragraphs_per_doc))


if V == 0:
    print(f"building vocab from {len(TICKETS)} tickets")
    print(build_vocab(TICKETS))
elif V == 1:
    losses = [[0.91, 0.87, 0.85], [0.80, 0.78], [0.74, 0.73, 0.70]]
    for epoch in range(2):
        print(f"epoch {epoch}: mean loss {epoch_loss(losses):.3f}")
else:
    docs = [["Q2 revenue grew 4%.", "Returns fell."], ["Store 14 reopened after the remodel."]]
    print(summary_source(docs)[:200])
