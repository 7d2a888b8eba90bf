"""ValueError: Expected total_length to be at least the length of the longest sequence in input: pad_packed_sequence(total_length=...) given a length smaller than the batch's longest sequence (a config max_len below the data, the label tensor's width, ids.size(0) taken for the time dimension of a batch_first tensor)."""
EXPECT = []        # no seed entry owns this fault
VARIANTS = 4       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import logging
import sys

import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, pad_sequence
from torch.utils.data import DataLoader

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
torch.manual_seed(0)
MAX_LEN = [16, 12, 20, 16][V]          # from model.yaml


class Tagger(nn.Module):
    def __init__(self, vocab=200, dim=16, n_tags=5, bidirectional=False):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim, padding_idx=0)
        self.rnn = nn.GRU(dim, 32, batch_first=True, bidirectional=bidirectional)
        self.out = nn.Linear(64 if bidirectional else 32, n_tags)

    def forward(self, ids, lengths, total_length):
        packed = pack_padded_sequence(self.emb(ids), lengths, batch_first=True, enforce_sorted=False)
        out, _ = self.rnn(packed)
        out, _ = pad_packed_sequence(out, batch_first=True, total_length=total_length)
        return self.out(out)


def make_batch(lengths):
    seqs = [torch.randint(1, 200, (n,)) for n in lengths]
    return pad_sequence(seqs, batch_first=True), torch.tensor(lengths)


if V == 0:
    model = Tagger()
    ids, lengths = make_batch([9, 14, 21, 5])
    logits = model(ids, lengths, total_length=MAX_LEN)
    print(logits.shape)
elif V == 1:
    model = Tagger(bidirectional=True)
    loss_fn = nn.CrossEntropyLoss(ignore_index=-100)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step, lens in enumerate([[5, 8, 11], [7, 12, 3], [14, 6, 9]]):
        ids, lengths = make_batch(lens)
        tags = torch.full((len(lens), MAX_LEN), -100)          # tags padded to the configured width
        for i, n in enumerate(lens):
            tags[i, :min(n, MAX_LEN)] = torch.randint(0, 5, (min(n, MAX_LEN),))
        logits = model(ids, lengths, total_length=tags.size(1))
        loss = loss_fn(logits.reshape(-1, 5), tags.reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.4f}", flush=True)
elif V == 2:
    def collate(samples):
        ids = [s[:MAX_LEN] for s in samples]
        return pad_sequence(ids, batch_first=True), torch.tensor([len(s) for s in ids])

    class Encoder(Tagger):
        def forward(self, ids, lengths):
            # pad back to the input width so the output lines up with ids
            return super().forward(ids, lengths, total_length=ids.size(0))

    data = [torch.randint(1, 200, (n,)) for n in (6, 18, 25, 9, 11, 30, 4, 7)]
    model = Encoder()
    for step, (ids, lengths) in enumerate(DataLoader(data, batch_size=4, collate_fn=collate)):
        print(f"batch {step}: ids {tuple(ids.shape)}", flush=True)
        print(model(ids, lengths).shape)
else:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    log = logging.getLogger("eval")
    model = Tagger().eval()
    batches = [[4, 9, 15], [10, 3, 12], [16, 17, 8]]
    with torch.no_grad():
        for b, lens in enumerate(batches):
            ids, lengths = make_batch(lens)
            try:
                pred = model(ids, lengths, total_length=MAX_LEN).argmax(-1)
            except ValueError:
                log.exception("batch %d (lengths %s) failed", b, lens)
                raise
            log.info("batch %d: predicted %s", b, tuple(pred.shape))
