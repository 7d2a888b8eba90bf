"""IndexError: list index out of range when the batch loop runs one step past the end of a list."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import sys

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0
N_SAMPLES, BATCH = [(10, 4), (23, 5), (37, 8)][V]
samples = [f"sample_{i:04d}.txt" for i in range(N_SAMPLES)]


def get_batch(items, step, size):
    return [items[step * size + j] for j in range(size)]


def train_epoch(items, size):
    n_steps = len(items) // size + 1  # one step too many
    for step in range(n_steps):
        batch = get_batch(items, step, size)
        if V == 2:
            print(f"  step {step + 1}/{n_steps} first={batch[0]} last={batch[-1]}", flush=True)


def main():
    for epoch in range(1, 11):
        print(f"epoch {epoch}/10", flush=True)
        train_epoch(samples, BATCH)


if __name__ == "__main__":
    main()
