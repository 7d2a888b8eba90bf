"""The ticket-topics classifier is multi-label; its dataset prep stores each ticket's topics as a list of topic ids ([2, 5], [1]) instead of a multi-hot vector over the 8 topics, and the batches go through DataCollatorWithPadding."""
# beside: ner-finetune-reuses-intent-classifier-collator
# why: the collator is the right one for sequence classification; the labels are variable-length lists of topic ids because the user's prep never turned them into fixed multi-hot vectors, not per-token labels left unpadded.
EXPECT = []
VARIANTS = 2

import os
import sys

from torch.utils.data import DataLoader
from transformers import BertTokenizerFast, DataCollatorWithPadding

VARIANT = int(sys.argv[1])
TOPICS = ["billing", "login", "delivery", "refund", "app_crash", "account", "promo", "other"]

os.makedirs("tok", exist_ok=True)
with open("tok/vocab.txt", "w") as fh:
    fh.write("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "my", "app", "crashes", "when", "i", "pay",
                        "refund", "not", "received", "cannot", "log", "in", "promo", "code"]) + "\n")
tokenizer = BertTokenizerFast(vocab_file="tok/vocab.txt")

tickets = [("my app crashes when i pay", ["app_crash", "billing"]), ("refund not received", ["refund"]),
           ("cannot log in", ["login", "account"]), ("promo code not received", ["promo"])]
if VARIANT == 1:
    tickets = tickets[1:] + tickets[:1]
features = []
for text, topics in tickets:
    enc = tokenizer(text, truncation=True)
    features.append({"input_ids": enc["input_ids"], "attention_mask": enc["attention_mask"],
                     "labels": [TOPICS.index(t) for t in topics]})

loader = DataLoader(features, batch_size=4, collate_fn=DataCollatorWithPadding(tokenizer))
for batch in loader:
    print(batch["input_ids"].shape, batch["labels"].shape)
