"""A dataset that starts a read-ahead thread in each worker on first use. The thread is not a daemon
and waits for requests forever, so a worker told to stop cannot exit: Python waits for the thread
at shutdown, and the loader joins each worker for 5 s before killing it, at every epoch end."""

import queue
import threading

import torch
from torch.utils.data import DataLoader, Dataset


class ReadAhead(Dataset):
    def __init__(self):
        self.data = torch.randn(64, 8)
        self.requests = None

    def _read_ahead(self):
        while True:
            i = self.requests.get()
            self.warm = self.data[i % len(self.data)].clone()  # stands for a disk read

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        if self.requests is None:
            self.requests = queue.Queue()
            threading.Thread(target=self._read_ahead, name="read-ahead").start()
        self.requests.put(i + 1)
        return self.data[i], i % 2


dataset = ReadAhead()
loader = DataLoader(dataset, batch_size=8, num_workers=2)
