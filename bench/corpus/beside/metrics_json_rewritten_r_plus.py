"""The evaluation step rewrites metrics.json in place with open(path, "r+") and json.dump without truncating; the new, shorter document leaves the old one's tail behind."""
# beside: labeling-tool-export-annotations-json-now-jsonl
# why: the trailing bytes are the remains of the previous file because the user's update never truncates, not an annotations export written as JSON Lines.
EXPECT = []
VARIANTS = 2

import json
import logging
import sys

VARIANT = int(sys.argv[1])


def update_metrics(path, **values):
    with open(path, "r+") as fh:
        metrics = json.load(fh)
        metrics.update(values)
        for key in [k for k in metrics if k.startswith("tmp_")]:
            del metrics[key]
        fh.seek(0)
        json.dump(metrics, fh, indent=2)


def main():
    with open("metrics.json", "w") as fh:
        json.dump({"step": 1000, "val_loss": 0.8123, "tmp_grad_norm_history": [round(0.1 * i, 2) for i in range(40)]}, fh, indent=2)
    update_metrics("metrics.json", step=2000, val_loss=0.7012)
    with open("metrics.json") as fh:
        print(json.load(fh))


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s evaluate: %(message)s")
        logging.info("writing metrics for step 2000")
        try:
            main()
        except Exception:
            logging.exception("metrics update failed")
            sys.exit(1)
    else:
        main()
