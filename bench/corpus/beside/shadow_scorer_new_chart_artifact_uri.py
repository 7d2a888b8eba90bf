"""A teammate's shadow-scoring worker builds ServingSettings from the pod env rendered by the new Helm chart, which names the variable RANKER_MODEL_ARTIFACT_URI."""
# beside: serving-settings-model-uri-renamed-in-helm-values
# why: the chart renders RANKER_MODEL_ARTIFACT_URI instead of RANKER_MODEL_URI, so the required model_uri is missing, the entry's cause and fix.
EXPECT = ["serving-settings-model-uri-renamed-in-helm-values"]
VARIANTS = 2

import os
import sys

import yaml
from pydantic import BaseModel

VARIANT = int(sys.argv[1])

VALUES_YAML = """\
image: registry.local/ranker-serving:2.4.0
replicas: {replicas}
env:
  MODEL_ARTIFACT_URI: s3://ml-models/ranker/{version}
  BATCH_SIZE: "{batch}"
  TIMEOUT_S: "1.5"
"""


class ServingSettings(BaseModel):
    model_uri: str
    batch_size: int = 32
    timeout_s: float = 2.0


def render_pod_env(values_path, prefix="RANKER_"):
    """What the chart's deployment template does with .Values.env."""
    with open(values_path) as fh:
        values = yaml.safe_load(fh)
    return {prefix + k: str(v) for k, v in values["env"].items()}


def load_settings(env, prefix="RANKER_"):
    fields = {k[len(prefix):].lower(): v for k, v in env.items() if k.startswith(prefix)}
    return ServingSettings.model_validate({k: v for k, v in fields.items() if k in ServingSettings.model_fields})


class ShadowScorer:
    def __init__(self, env):
        self.settings = load_settings(env)


def main():
    with open("values-shadow.yaml", "w") as fh:
        fh.write(VALUES_YAML.format(replicas={0: 1, 1: 2}[VARIANT], version={0: "v8", 1: "v8-rc2"}[VARIANT], batch={0: 64, 1: 128}[VARIANT]))
    env = render_pod_env("values-shadow.yaml")
    if VARIANT == 1:
        print("shadow-scorer: consuming ranker-requests (mirror)")
    ShadowScorer(env)


if __name__ == "__main__":
    main()
