"""labels.json frozen at 4 intents; the new annotation batch contains an intent that is not in it."""
EXPECT = ["intent-labels-json-missing-new-annotated-intent"]
VARIANTS = 4

import json
import logging
import sys

import torch
from torch.utils.data import DataLoader, Dataset

VARIANT = int(sys.argv[1])
KNOWN = ["order_status", "change_address", "cancel_order", "talk_to_agent"]
NEW = {0: "refund_request", 1: "invoice_copy", 2: "refund_request", 3: "delivery_complaint"}[VARIANT]


def write_artifacts():
    with open("labels.json", "w") as fh:
        json.dump({name: i for i, name in enumerate(KNOWN)}, fh)
    rows = []
    for i in range(240):
        intent = NEW if i % 37 == 11 else KNOWN[i % 4]
        rows.append({"text": f"message {i} about my order", "intent": intent})
    with open("annotations_batch_07.jsonl", "w") as fh:
        fh.writelines(json.dumps(r) + "\n" for r in rows)


def load_label2id(path="labels.json"):
    with open(path) as fh:
        return json.load(fh)


def encode_labels(rows, label2id):
    return [label2id[row["intent"]] for row in rows]


class IntentDataset(Dataset):
    def __init__(self, rows, label2id):
        self.rows = rows
        self.label2id = label2id

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, idx):
        row = self.rows[idx]
        ids = torch.tensor([hash(w) % 1000 for w in row["text"].split()])
        return ids[:8], self.label2id[row["intent"]]


def main():
    write_artifacts()
    label2id = load_label2id()
    with open("annotations_batch_07.jsonl") as fh:
        rows = [json.loads(line) for line in fh]
    if VARIANT == 0:
        labels = torch.tensor(encode_labels(rows, label2id))
    elif VARIANT in (1, 3):
        loader = DataLoader(IntentDataset(rows, label2id), batch_size=16, shuffle=False, num_workers=2)
        for step, (ids, labels) in enumerate(loader):
            if VARIANT == 3:
                print(f"step {step}: batch {tuple(ids.shape)}")
    else:
        ds = IntentDataset(rows, label2id)
        for i in range(len(ds)):
            ds[i]


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s intent-train: %(message)s")
        logging.info("loaded 4 labels from labels.json")
        logging.info("reading annotations_batch_07.jsonl")
        try:
            main()
        except Exception:
            logging.exception("dataset build failed")
            sys.exit(1)
    else:
        main()
