"""The Service was named `ranker`, so Kubernetes injects RANKER_PORT=tcp://10.96.14.2:8080 into every pod; ServingSettings reads RANKER_PORT as its int port."""
# beside: serving-settings-model-uri-renamed-in-helm-values
# why: model_uri is set; the one error is the port field given a Kubernetes service-link URL, not a variable renamed by the Helm chart.
EXPECT = []
VARIANTS = 3

import logging
import os
import sys

from pydantic import BaseModel

VARIANT = int(sys.argv[1])


class ServingSettings(BaseModel):
    model_uri: str
    port: int = 8080
    batch_size: int = 32
    timeout_s: float = 2.0


def from_env(prefix="RANKER_"):
    values = {k[len(prefix):].lower(): v for k, v in os.environ.items() if k.startswith(prefix)}
    return ServingSettings(**{k: v for k, v in values.items() if k in ServingSettings.model_fields})


def main():
    # the pod env: the chart's values plus the service links Kubernetes adds for Service "ranker"
    os.environ["RANKER_MODEL_URI"] = {0: "s3://ml-models/ranker/v7", 1: "s3://ml-models/ranker/v8", 2: "gs://models/ranker/v7"}[VARIANT]
    os.environ["RANKER_BATCH_SIZE"] = str({0: 32, 1: 64, 2: 16}[VARIANT])
    os.environ["RANKER_SERVICE_HOST"] = "10.96.14.2"
    os.environ["RANKER_SERVICE_PORT"] = "8080"
    os.environ["RANKER_PORT"] = "tcp://10.96.14.2:8080"
    os.environ["RANKER_PORT_8080_TCP"] = "tcp://10.96.14.2:8080"
    if VARIANT == 1:
        logging.info("ranker-serving starting, reading settings from env")
    settings = from_env()
    print(f"listening on :{settings.port}")


if __name__ == "__main__":
    if VARIANT == 1:
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s ranker-serving: %(message)s")
        try:
            main()
        except Exception:
            logging.exception("startup failed")
            sys.exit(1)
    else:
        main()
