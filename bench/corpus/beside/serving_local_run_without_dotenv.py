"""A developer runs the ranker server locally with `python serve.py`; RANKER_MODEL_URI lives in the repo's .env, which only docker compose loads."""
# beside: serving-settings-model-uri-renamed-in-helm-values
# why: model_uri is missing because the local shell never loaded .env, not because the Helm chart renders a renamed variable; the pod env is not involved.
EXPECT = []
VARIANTS = 2

import os
import sys

from pydantic import BaseModel

VARIANT = int(sys.argv[1])


class ServingSettings(BaseModel):
    model_uri: str
    batch_size: int = 32
    timeout_s: float = 2.0


def write_dotenv():
    with open(".env", "w") as fh:
        fh.write("RANKER_MODEL_URI=s3://ml-models/ranker/v7\nRANKER_BATCH_SIZE=32\n")
    with open("docker-compose.yml", "w") as fh:
        fh.write("services:\n  ranker:\n    build: .\n    env_file: .env\n    ports: ['8080:8080']\n")


def from_env(prefix="RANKER_"):
    values = {k[len(prefix):].lower(): v for k, v in os.environ.items() if k.startswith(prefix)}
    return ServingSettings(**{k: v for k, v in values.items() if k in ServingSettings.model_fields})


def main():
    write_dotenv()
    for key in [k for k in os.environ if k.startswith("RANKER_")]:
        del os.environ[key]
    if VARIANT == 1:
        os.environ["RANKER_BATCH_SIZE"] = "8"  # exported by hand for a quick local test
        print("serve.py: starting on 127.0.0.1:8080 (dev)")
    settings = from_env()
    print(settings)


if __name__ == "__main__":
    main()
