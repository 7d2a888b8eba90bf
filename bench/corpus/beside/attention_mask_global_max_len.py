"""Token ids are padded per batch to the longest sequence in the batch, but the padding mask is built once, padded to the dataset's longest sequence."""
# beside: sensor-forecaster-15min-resample-stale-max-len
# why: the two lengths come from two different padding rules in the user's collate code, not a position table sized from a stale model.yaml.
EXPECT = []
VARIANTS = 2

import logging
import sys

import torch

VARIANT = int(sys.argv[1])


def main():
    torch.manual_seed(VARIANT)
    lengths = torch.randint(5, 33, (200,))
    lengths[7] = {0: 40, 1: 61}[VARIANT]  # one long document
    global_max = int(lengths.max())
    masks = torch.arange(global_max)[None, :] < lengths[:, None]  # built once for the whole dataset
    batch_idx = torch.arange(16, 32)
    batch_max = int(lengths[batch_idx].max())
    scores = torch.randn(16, batch_max)  # attention logits for a per-batch padded batch
    scores = scores.masked_fill(~masks[batch_idx], float("-inf")) if VARIANT == 0 else scores + torch.where(masks[batch_idx], 0.0, -1e9)
    print(scores.softmax(-1).shape)


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s pooling: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("batch failed")
            sys.exit(1)
    else:
        main()
