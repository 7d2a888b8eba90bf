"""The training banner computes steps_per_epoch = n_examples / batch_size with true division and prints it with :d."""
# beside: weekly-kpi-report-units-float-after-store-reindex
# why: the float comes from the user's own / instead of // in a training script, not from a reindex over new stores in a KPI report.
EXPECT = []
VARIANTS = 2

import sys

VARIANT = int(sys.argv[1])

n_examples, batch_size, epochs = {0: (50000, 64), 1: (12800, 128)}[VARIANT] + (10,)
steps_per_epoch = n_examples / batch_size
total_steps = steps_per_epoch * epochs
if VARIANT == 1:
    print("config: lr=3e-4 warmup=500")
print(f"training for {epochs} epochs: {steps_per_epoch:d} steps/epoch, {total_steps:d} steps total")
