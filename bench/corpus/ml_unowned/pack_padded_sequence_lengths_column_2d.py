"""pack_padded_sequence given lengths shaped (batch, 1) (mask.sum(dim=1, keepdim=True), a DataFrame's double-bracket column, a collate that stacks [len] lists): IndexError: index_select(): Index is supposed to be a vector (enforce_sorted=False), or RuntimeError: 'lengths' argument should be a 1D CPU int64 tensor, but got 2D cpu Long tensor."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

import pandas as pd
import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, pad_sequence

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(1)


class SessionEncoder(nn.Module):
    def __init__(self, n_items=200, dim=32, hidden=48):
        super().__init__()
        self.emb = nn.Embedding(n_items, dim, padding_idx=0)
        self.gru = nn.GRU(dim, hidden, batch_first=True)

    def forward(self, item_ids, attention_mask):
        lengths = attention_mask.sum(dim=1, keepdim=True)
        packed = pack_padded_sequence(self.emb(item_ids), lengths, batch_first=True, enforce_sorted=False)
        _, h = self.gru(packed)
        return h[-1]


def session_batch(batch_size=6, max_len=12):
    lens = torch.randint(3, max_len + 1, (batch_size,))
    ids = torch.zeros(batch_size, max_len, dtype=torch.long)
    mask = torch.zeros(batch_size, max_len, dtype=torch.long)
    for i, n in enumerate(lens):
        ids[i, :n] = torch.randint(1, 200, (int(n),))
        mask[i, :n] = 1
    return ids, mask


def transcripts_frame():
    texts = [[3, 9, 4, 11], [7, 2], [5, 5, 8, 1, 9, 12], [6, 3, 2]]
    return pd.DataFrame({"call_id": ["c1", "c2", "c3", "c4"], "token_ids": texts, "n_tokens": [len(t) for t in texts]})


def encode_calls(frame, lstm, emb):
    frame = frame.sort_values("n_tokens", ascending=False)
    padded = pad_sequence([torch.tensor(t) for t in frame["token_ids"]], batch_first=True)
    lengths = torch.tensor(frame[["n_tokens"]].values)
    packed = pack_padded_sequence(emb(padded), lengths, batch_first=True)
    out, _ = lstm(packed)
    return pad_packed_sequence(out, batch_first=True)[0]


def collate_sensor_windows(samples):
    seqs = [s["readings"] for s in samples]
    lengths = torch.tensor([[len(s["readings"])] for s in samples])
    return pad_sequence(seqs, batch_first=True), lengths


class SensorRNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(4, 16, batch_first=True)
        self.head = nn.Linear(16, 1)

    def forward(self, x, lengths):
        packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
        _, (h, _) = self.rnn(packed)
        return self.head(h[-1])


if V == 0:
    ids, mask = session_batch()
    print(SessionEncoder()(ids, mask).shape)
elif V == 1:
    print(encode_calls(transcripts_frame(), nn.LSTM(16, 24, batch_first=True), nn.Embedding(20, 16)).shape)
else:
    samples = [{"readings": torch.randn(n, 4)} for n in (30, 18, 25, 9)]
    for epoch in range(2):
        print(f"epoch {epoch}: collating {len(samples)} sensor windows", flush=True)
        x, lengths = collate_sensor_windows(samples)
        print(SensorRNN()(x, lengths).shape)
