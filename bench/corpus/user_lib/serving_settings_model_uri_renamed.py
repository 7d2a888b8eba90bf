"""The Helm values renamed MODEL_URI to MODEL_ARTIFACT_URI; ServingSettings still requires model_uri."""
EXPECT = ["serving-settings-model-uri-renamed-in-helm-values"]
VARIANTS = 3

import os
import sys

from pydantic import BaseModel

VARIANT = int(sys.argv[1])


class ServingSettings(BaseModel):
    model_uri: str
    batch_size: int = 32
    timeout_s: float = 2.0


def from_env(prefix="RANKER_"):
    values = {k[len(prefix):].lower(): v for k, v in os.environ.items() if k.startswith(prefix)}
    return ServingSettings(**{k: v for k, v in values.items() if k in ServingSettings.model_fields})


def main():
    # what the new Helm chart renders into the pod env
    os.environ["RANKER_MODEL_ARTIFACT_URI"] = "s3://ml-models/ranker/v7"
    os.environ["RANKER_BATCH_SIZE"] = str({0: 32, 1: 64, 2: 16}[VARIANT])
    if VARIANT == 1:
        ServingSettings.model_validate({k: v for k, v in os.environ.items() if k.startswith("RANKER_")} | {"batch_size": 64})
    elif VARIANT == 2:
        print("ranker-serving starting, reading settings from env")
        from_env()
    else:
        from_env()


if __name__ == "__main__":
    main()
