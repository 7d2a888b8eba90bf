"""OneCycleLR was sized with steps_per_epoch=len(loader)//accum_steps, but scheduler.step() runs after every batch."""
EXPECT = ["onecycle-sized-for-accum-steps-stepped-every-batch"]
VARIANTS = 4

import logging
import sys

import torch
from torch.utils.data import DataLoader, TensorDataset

VARIANT = int(sys.argv[1])


def main():
    torch.manual_seed(0)
    n, batch_size, accum_steps, epochs = {0: (800, 32, 4, 2), 1: (2000, 16, 8, 3), 2: (960, 64, 2, 1), 3: (1500, 50, 3, 4)}[VARIANT]
    ds = TensorDataset(torch.randn(n, 20), torch.randn(n, 1))
    loader = DataLoader(ds, batch_size=batch_size, shuffle=True)
    model = torch.nn.Sequential(torch.nn.Linear(20, 64), torch.nn.GELU(), torch.nn.Linear(64, 1))
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scheduler = torch.optim.lr_scheduler.OneCycleLR(
        optimizer, max_lr=3e-3, epochs=epochs, steps_per_epoch=len(loader) // accum_steps
    )
    global_step = 0
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            loss = torch.nn.functional.mse_loss(model(x), y) / accum_steps
            loss.backward()
            if (i + 1) % accum_steps == 0:
                optimizer.step()
                optimizer.zero_grad()
            scheduler.step()
            global_step += 1
            if VARIANT == 3 and global_step % 20 == 0:
                print(f"epoch {epoch} step {global_step} lr {scheduler.get_last_lr()[0]:.2e} loss {loss.item() * accum_steps:.4f}")


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        logging.info("regression fine-tune: accum_steps=2, epochs=1")
        try:
            main()
        except Exception:
            logging.exception("fine-tune aborted")
            sys.exit(1)
    else:
        main()
