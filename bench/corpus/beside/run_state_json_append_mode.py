"""The trainer saves its resume state with open("run_state.json", "a"), so every epoch appends another JSON document to the file; resuming reads it with json.load."""
# beside: labeling-tool-export-annotations-json-now-jsonl
# why: the several documents come from the user's own append-mode save, not from a labeling tool that switched its export to JSON Lines.
EXPECT = []
VARIANTS = 2

import json
import os
import sys

VARIANT = int(sys.argv[1])
STATE = {0: "run_state.json", 1: "checkpoints/run_state.json"}[VARIANT]


def save_state(epoch, best):
    os.makedirs(os.path.dirname(STATE) or ".", exist_ok=True)
    with open(STATE, "a") as fh:
        json.dump({"epoch": epoch, "best_val_loss": best, "checkpoint": f"ckpt_epoch{epoch:03d}.pt"}, fh)
        fh.write("\n")


def load_state():
    with open(STATE) as fh:
        return json.load(fh)


best = 9.9
for epoch in range({0: 3, 1: 5}[VARIANT]):
    best = min(best, round(1.0 / (epoch + 1), 4))
    save_state(epoch, best)
    if VARIANT == 1:
        print(f"epoch {epoch}: best_val_loss={best}")
state = load_state()
print(f"resuming from epoch {state['epoch'] + 1}")
