"""The env sets RANKER_BATCH_SIZE=auto, which the int field cannot parse."""
# beside: serving-settings-model-uri-renamed-in-helm-values
# why: the one error is an unparseable batch_size value; model_uri is present, so it is not the renamed Helm key.
EXPECT = []
VARIANTS = 2

import os
import sys

from pydantic import BaseModel

VARIANT = int(sys.argv[1])


class ServingSettings(BaseModel):
    model_uri: str
    batch_size: int = 32


os.environ["RANKER_MODEL_URI"] = "s3://ml-models/ranker/v7"
os.environ["RANKER_BATCH_SIZE"] = {0: "auto", 1: "32.5"}[VARIANT]
values = {k[len("RANKER_"):].lower(): v for k, v in os.environ.items() if k.startswith("RANKER_")}
ServingSettings(**values)
