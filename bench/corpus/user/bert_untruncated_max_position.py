"""Support-ticket classifier: tickets are tokenized without truncation and exceed the tiny BERT's max_position_embeddings."""
EXPECT = ["ticket-classifier-no-truncation-exceeds-max-positions"]
VARIANTS = 4

import logging
import sys

import torch
from transformers import BertConfig, BertForSequenceClassification

VARIANT = int(sys.argv[1])


def build_model(max_positions):
    config = BertConfig(
        vocab_size=3000, hidden_size=64, num_hidden_layers=2, num_attention_heads=4,
        intermediate_size=128, max_position_embeddings=max_positions, num_labels=5,
    )
    return BertForSequenceClassification(config).eval()


def encode_tickets(lengths, vocab=3000):
    """Stand-in for the team's ticket tokenizer call: tokenizer(texts, padding=True) -- no truncation."""
    longest = max(lengths)
    ids = torch.zeros(len(lengths), longest, dtype=torch.long)
    mask = torch.zeros(len(lengths), longest, dtype=torch.long)
    g = torch.Generator().manual_seed(0)
    for i, n in enumerate(lengths):
        ids[i, :n] = torch.randint(5, vocab, (n,), generator=g)
        ids[i, 0] = 2
        mask[i, :n] = 1
    return {"input_ids": ids, "attention_mask": mask}


def classify(model, batch):
    with torch.no_grad():
        return model(**batch).logits.argmax(-1)


def main():
    cases = {0: (128, [40, 97, 210, 64]), 1: (256, [300, 120, 77]), 2: (64, [12, 80]), 3: (512, [100, 511, 800, 20, 33])}
    max_positions, lengths = cases[VARIANT]
    model = build_model(max_positions)
    if VARIANT == 3:
        for i in range(3):
            batch = encode_tickets([min(n, 60) for n in lengths])
            print(f"batch {i}: {classify(model, batch).tolist()}")
    batch = encode_tickets(lengths)
    print(classify(model, batch).tolist())


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        logging.info("ticket-router: classifying 2 tickets")
        try:
            main()
        except Exception:
            logging.exception("ticket-router: classification failed")
            sys.exit(1)
    else:
        main()
