"""DataCollatorWithPadding used as the DataLoader collate_fn over raw text examples (never tokenized, or tokenized into keys named ids/mask): You should supply an encoding or a list of encodings to this method that includes input_ids."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

from torch.utils.data import DataLoader, Dataset
from transformers import BertTokenizerFast, DataCollatorWithPadding

variant = int(sys.argv[1])

WORDS = ["the", "movie", "was", "great", "boring", "plot", "acting", "not", "very", "good", "bad", "i", "liked", "it"]
with open("vocab.txt", "w") as f:
    f.write("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] + WORDS) + "\n")
tokenizer = BertTokenizerFast(vocab_file="vocab.txt")

REVIEWS = [("the movie was great", 1), ("boring plot", 0), ("i liked the acting", 1), ("not very good", 0),
           ("bad acting", 0), ("great plot", 1), ("i liked it", 1), ("the movie was bad", 0)]


class ReviewDataset(Dataset):
    def __init__(self, rows, tokenize=False):
        self.rows, self.tokenize = rows, tokenize

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        text, label = self.rows[i]
        if not self.tokenize:
            return {"text": text, "label": label}
        enc = tokenizer(text, truncation=True, max_length=32)
        return {"ids": enc["input_ids"], "mask": enc["attention_mask"], "label": label}


if __name__ == "__main__":
    collator = DataCollatorWithPadding(tokenizer, return_tensors="pt")
    ds = ReviewDataset(REVIEWS * [1, 2, 3][variant], tokenize=(variant == 1))
    loader = DataLoader(ds, batch_size=4, shuffle=True, collate_fn=collator, num_workers=[0, 0, 2][variant])
    for step, batch in enumerate(loader):
        print(step, {k: tuple(v.shape) for k, v in batch.items()})
