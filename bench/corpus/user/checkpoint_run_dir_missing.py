"""save_checkpoint writes into checkpoints/<run_name>/ but the run directory is never created."""
EXPECT = ["save-checkpoint-run-directory-not-created"]
VARIANTS = 4

import logging
import sys

import torch

VARIANT = int(sys.argv[1])


def save_checkpoint(model, optimizer, epoch, run_name, root="checkpoints"):
    path = f"{root}/{run_name}/epoch_{epoch:03d}.pt"
    torch.save({"epoch": epoch, "model": model.state_dict(), "optimizer": optimizer.state_dict()}, path)
    return path


def train(run_name, epochs, root):
    torch.manual_seed(0)
    model = torch.nn.Linear(16, 4)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        loss = model(torch.randn(64, 16)).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"epoch {epoch} loss {loss.item():.4f}")
        save_checkpoint(model, opt, epoch, run_name, root)


def main():
    run_name, epochs, root = {0: ("run_0412", 3, "checkpoints"), 1: ("bert_small_seed7", 5, "checkpoints"),
                              2: ("ranker_ablation_nodrop", 2, "outputs/checkpoints"), 3: ("2024-05-02_14-31-07", 4, "checkpoints")}[VARIANT]
    train(run_name, epochs, root)


if __name__ == "__main__":
    if VARIANT == 2:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
        logging.info("run ranker_ablation_nodrop: 2 epochs")
        try:
            main()
        except Exception:
            logging.exception("run ranker_ablation_nodrop failed")
            sys.exit(1)
    else:
        main()
