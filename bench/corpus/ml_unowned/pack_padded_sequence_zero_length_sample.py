"""pack_padded_sequence given a length of 0 (a clip trimmed to nothing by VAD, a review whose tokens were all filtered, an empty session): RuntimeError: Length of all samples has to be greater than 0."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, pad_sequence
from torch.utils.data import DataLoader

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)


class KeywordSpotter(nn.Module):
    def __init__(self, n_mels=40, hidden=64, n_keywords=12):
        super().__init__()
        self.rnn = nn.LSTM(n_mels, hidden, batch_first=True, bidirectional=True)
        self.head = nn.Linear(2 * hidden, n_keywords)

    def forward(self, feats, lengths):
        packed = pack_padded_sequence(feats, lengths, batch_first=True, enforce_sorted=False)
        out, _ = self.rnn(packed)
        out, _ = pad_packed_sequence(out, batch_first=True)
        return self.head(out.mean(1))


def vad_trim(frames, energy_threshold=0.8):
    keep = frames.pow(2).mean(-1) > energy_threshold
    return frames[keep]


class ReviewEncoder(nn.Module):
    def __init__(self, vocab=5000, dim=48):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim, padding_idx=0)
        self.gru = nn.GRU(dim, dim, batch_first=True)
        self.out = nn.Linear(dim, 2)

    def forward(self, ids, lengths):
        packed = pack_padded_sequence(self.emb(ids), lengths, batch_first=True, enforce_sorted=False)
        _, h = self.gru(packed)
        return self.out(h[-1])


STOPWORDS = {"the", "a", "it", "was", "is", "and", "so"}


def collate_reviews(batch, vocab):
    seqs = [torch.tensor([vocab.get(w, 1) for w in text.lower().split() if w not in STOPWORDS], dtype=torch.long)
            for text, _ in batch]
    lengths = torch.tensor([len(s) for s in seqs])
    padded = pad_sequence(seqs, batch_first=True) if any(len(s) for s in seqs) else torch.zeros(len(seqs), 1, dtype=torch.long)
    return padded, lengths, torch.tensor([y for _, y in batch])


if V == 0:
    model = KeywordSpotter()
    clips = [torch.randn(int(n), 40) * s for n, s in [(98, 1.2), (75, 1.1), (101, 1.3), (60, 0.3)]]
    for step in range(3):
        trimmed = [vad_trim(c) for c in clips]
        lengths = torch.tensor([len(t) for t in trimmed])
        print(f"step {step}: frames after VAD {lengths.tolist()}")
        feats = pad_sequence(trimmed, batch_first=True)
        loss = nn.functional.cross_entropy(model(feats, lengths), torch.randint(0, 12, (4,)))
        loss.backward()
elif V == 1:
    reviews = [("great fit and comfy", 1), ("the strap broke", 0), ("it was so", 0), ("love it", 1),
               ("arrived late", 0), ("fits well", 1)]
    vocab = {w: i + 2 for i, w in enumerate(sorted({w for t, _ in reviews for w in t.split()}))}
    loader = DataLoader(reviews, batch_size=3, collate_fn=lambda b: collate_reviews(b, vocab))
    model = ReviewEncoder()
    for batch_no, (ids, lengths, y) in enumerate(loader):
        print(f"batch {batch_no}: lengths {lengths.tolist()}")
        loss = nn.functional.cross_entropy(model(ids, lengths), y)
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log = logging.getLogger("session_recs")
    sessions = {"s1": [5, 9, 12, 3], "s2": [7], "s3": [], "s4": [2, 2, 8]}
    gru = nn.GRU(16, 32, batch_first=True)
    item_emb = nn.Embedding(50, 16)
    seqs = [torch.tensor(v, dtype=torch.long) for v in sessions.values()]
    lengths = torch.tensor([len(s) for s in seqs])
    log.info("encoding %d sessions, lengths %s", len(seqs), lengths.tolist())
    padded = pad_sequence(seqs, batch_first=True)
    packed = pack_padded_sequence(item_emb(padded), lengths, batch_first=True, enforce_sorted=False)
    _, h = gru(packed)
