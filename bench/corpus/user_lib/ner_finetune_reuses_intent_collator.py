"""The new part-number NER fine-tune reuses training/common.py's make_collator, written for the intent classifier: it returns DataCollatorWithPadding, which pads input_ids and attention_mask but not the per-token labels lists, so a batch of different lengths cannot become a tensor."""
EXPECT = ["ner-finetune-reuses-intent-classifier-collator"]
VARIANTS = 4

import logging
import os
import sys

import torch
from torch.utils.data import DataLoader
from transformers import BertTokenizerFast, DataCollatorWithPadding

VARIANT = int(sys.argv[1])
TAGS = ["O", "B-PART", "I-PART", "B-QTY"]


def make_tokenizer(folder):
    os.makedirs(folder, exist_ok=True)
    words = ["replace", "pump", "seal", "kit", "order", "two", "valve", "gasket", "for", "line", "the", "3", "7", "p",
             "##-", "##42", "##17", "##a", "bearing", "housing", "units", "of"]
    with open(os.path.join(folder, "vocab.txt"), "w") as fh:
        fh.write("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *words]) + "\n")
    return BertTokenizerFast(vocab_file=os.path.join(folder, "vocab.txt"))


def make_collator(tokenizer):
    """training/common.py, shared by the intent classifier and now the NER fine-tune."""
    return DataCollatorWithPadding(tokenizer, padding="longest", return_tensors="pt")


SENTENCES = [
    (["replace", "pump", "seal", "kit"], ["O", "B-PART", "I-PART", "I-PART"]),
    (["order", "two", "valve", "gasket", "for", "line", "3"], ["O", "B-QTY", "B-PART", "I-PART", "O", "O", "O"]),
    (["replace", "the", "bearing", "housing"], ["O", "O", "B-PART", "I-PART"]),
    (["order", "7", "units", "of", "seal", "kit"], ["O", "B-QTY", "O", "O", "B-PART", "I-PART"]),
    (["replace", "valve"], ["O", "B-PART"]),
    (["order", "two", "pump", "seal", "kit", "for", "line", "7"], ["O", "B-QTY", "B-PART", "I-PART", "I-PART", "O", "O", "O"]),
]


def encode(tokenizer, words, tags):
    enc = tokenizer(words, is_split_into_words=True, truncation=True, max_length=32)
    labels = [-100 if w is None else TAGS.index(tags[w]) for w in enc.word_ids()]
    return {"input_ids": enc["input_ids"], "attention_mask": enc["attention_mask"], "labels": labels}


class NerTrainer:
    def __init__(self, tokenizer, features, batch_size):
        self.loader = DataLoader(features, batch_size=batch_size, collate_fn=make_collator(tokenizer))
        self.model = torch.nn.Sequential(torch.nn.Embedding(tokenizer.vocab_size, 16), torch.nn.Linear(16, len(TAGS)))

    def train_epoch(self):
        for step, batch in enumerate(self.loader):
            logits = self.model(batch["input_ids"])
            loss = torch.nn.functional.cross_entropy(logits.view(-1, len(TAGS)), batch["labels"].view(-1))
            print(f"step {step} loss {loss.item():.4f}")


def main():
    tokenizer = make_tokenizer({0: "tokenizer", 1: "models/parts-ner/tokenizer", 2: "tokenizer", 3: "tokenizer"}[VARIANT])
    sentences = SENTENCES if VARIANT != 1 else SENTENCES[::-1]
    features = [encode(tokenizer, w, t) for w, t in sentences]
    if VARIANT == 3:
        print(f"{len(features)} training sentences, {len(TAGS)} tags")
        print("epoch 1/5")
    if VARIANT == 1:
        NerTrainer(tokenizer, features, batch_size=3).train_epoch()
    else:
        loader = DataLoader(features, batch_size=4, collate_fn=make_collator(tokenizer))
        for batch in loader:
            print({k: tuple(v.shape) for k, v in batch.items()})


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s parts-ner: %(message)s")
        logging.info("fine-tuning parts NER")
        try:
            main()
        except Exception:
            logging.exception("training failed")
            sys.exit(1)
    else:
        main()
