"""Tokenizing a pandas text column that has empty cells (NaN floats) with a fast tokenizer: TypeError: TextEncodeInput must be Union[...] / TextInputSequence must be str / text input must be of type `str`."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd
import torch
from torch.utils.data import DataLoader, Dataset
from transformers import BertTokenizerFast

variant = int(sys.argv[1])

WORDS = ["how", "do", "i", "reset", "my", "password", "order", "late", "refund", "please", "where", "is", "the", "account"]
with open("vocab.txt", "w") as f:
    f.write("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] + WORDS) + "\n")

with open("tickets.csv", "w") as f:
    f.write("ticket_id,subject,body,label\n")
    f.write("1,password,how do i reset my password,0\n")
    f.write("2,order,where is the order,1\n")
    f.write("3,refund,,2\n")                       # body left empty in the export
    f.write("4,account,reset my account please,0\n")
    f.write("5,,order late refund please,2\n")


class TicketDataset(Dataset):
    def __init__(self, df, tokenizer):
        self.df, self.tok = df.reset_index(drop=True), tokenizer

    def __len__(self):
        return len(self.df)

    def __getitem__(self, i):
        row = self.df.iloc[i]
        enc = self.tok(row["body"], truncation=True, max_length=16, padding="max_length", return_tensors="pt")
        return {k: v.squeeze(0) for k, v in enc.items()}, torch.tensor(row["label"])


def encode_frame(df, tokenizer):
    return tokenizer(df["subject"].tolist(), df["body"].tolist(), truncation=True, padding=True, return_tensors="pt")


if __name__ == "__main__":
    tokenizer = BertTokenizerFast(vocab_file="vocab.txt")
    df = pd.read_csv("tickets.csv")
    print(f"{len(df)} tickets, labels {sorted(df.label.unique())}")
    if variant == 0:
        enc = tokenizer(df["body"].tolist(), truncation=True, padding=True, return_tensors="pt")
        print(enc["input_ids"].shape)
    elif variant == 1:
        print(encode_frame(df, tokenizer)["input_ids"].shape)
    else:
        loader = DataLoader(TicketDataset(df, tokenizer), batch_size=2, num_workers=2)
        for step, (enc, labels) in enumerate(loader):
            print(step, enc["input_ids"].shape, labels.tolist())
