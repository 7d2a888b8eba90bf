"""A training loop that sums the epoch loss and keeps the outputs for a later metric.
The loss sum and the kept logits still carry their autograd graphs, so every step stays in memory."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(8, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(16, 8), torch.randint(0, 2, (16,))) for _ in range(10)]

for epoch in range(2):
    total_loss = 0.0
    outputs = []
    for x, y in batches:
        logits = model(x)
        loss = nn.functional.cross_entropy(logits, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total_loss += loss
        outputs.append(logits)
    print(f"epoch {epoch}: loss {float(total_loss) / len(batches):.4f}")
