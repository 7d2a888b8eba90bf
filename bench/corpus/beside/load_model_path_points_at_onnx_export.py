"""The serving container's MODEL_PATH was set to the model.onnx exported for the edge runtime, which sits next to model.pkl in the release folder; load_model unpickles whatever MODEL_PATH names."""
# beside: model-export-joblib-compress-loaded-with-pickle
# why: the file given to pickle.load is an ONNX protobuf picked by a wrong MODEL_PATH, not a joblib-compressed pickle.
EXPECT = []
VARIANTS = 3

import logging
import os
import pickle
import sys

VARIANT = int(sys.argv[1])
RELEASE = {0: "release/churn-2024-06-10", 1: "models/churn/current", 2: "release/churn-2024-06-10"}[VARIANT]
os.makedirs(RELEASE, exist_ok=True)
with open(os.path.join(RELEASE, "model.pkl"), "wb") as fh:
    pickle.dump({"coef": [0.1, 0.2]}, fh)
with open(os.path.join(RELEASE, "model.onnx"), "wb") as fh:
    fh.write(b"\x08\x08\x12\x07skl2onnx\x1a\x061.16.0\"\x07ai.onnx(\x002\x00:" + bytes(64))  # ir_version 8, producer skl2onnx
os.environ["MODEL_PATH"] = os.path.join(RELEASE, "model.onnx")  # from the edge deployment's values file


def load_model(path):
    with open(path, "rb") as fh:
        return pickle.load(fh)


if VARIANT == 2:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s churn-serving: %(message)s")
    logging.info("loading %s", os.environ["MODEL_PATH"])
    try:
        load_model(os.environ["MODEL_PATH"])
    except Exception:
        logging.exception("startup failed")
        sys.exit(1)
else:
    if VARIANT == 1:
        print(f"MODEL_PATH={os.environ['MODEL_PATH']}")
    load_model(os.environ["MODEL_PATH"])
