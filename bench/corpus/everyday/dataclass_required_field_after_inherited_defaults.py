"""A config dataclass subclass (or a make_dataclass built from a YAML schema) adds a field without a default after fields that have defaults: TypeError: non-default argument 'run_name' follows default argument."""
EXPECT = []        # no knowledge-base entry owns an everyday error
VARIANTS = 3       # the script is run as `python script.py N` for N in 0..VARIANTS-1

import dataclasses
import sys

import yaml

V = int(sys.argv[1]) if len(sys.argv) > 1 else 0


def define_finetune_config():
    @dataclasses.dataclass
    class OptimConfig:
        lr: float = 3e-4
        weight_decay: float = 0.01
        warmup_steps: int = 200

    @dataclasses.dataclass
    class FinetuneConfig(OptimConfig):
        run_name: str
        train_file: str = "data/train.jsonl"

    return FinetuneConfig


def define_scoring_job():
    @dataclasses.dataclass
    class StorageMixin:
        bucket: str = "ml-artifacts"
        prefix: str = "scores/"

    @dataclasses.dataclass
    class ScheduleMixin:
        cron: str
        timezone: str = "UTC"

    @dataclasses.dataclass
    class NightlyScoringJob(ScheduleMixin, StorageMixin):
        model_uri: str = "models:/churn/Production"

    return NightlyScoringJob


SCHEMA_YAML = """
fields:
  - {name: feature_table, type: str, default: features.daily_customer}
  - {name: label_column, type: str, default: churned_30d}
  - {name: snapshot_date, type: str}
  - {name: sample_rate, type: float, default: 1.0}
"""


def config_class_from_schema(text):
    schema = yaml.safe_load(text)
    fields = []
    for spec in schema["fields"]:
        if "default" in spec:
            fields.append((spec["name"], spec["type"], dataclasses.field(default=spec["default"])))
        else:
            fields.append((spec["name"], spec["type"]))
    return dataclasses.make_dataclass("TrainingSetConfig", fields)


def load_training_set_config():
    with open("training_set_schema.yaml", "w") as f:
        f.write(SCHEMA_YAML)
    with open("training_set_schema.yaml") as f:
        cls = config_class_from_schema(f.read())
    return cls(snapshot_date="2024-12-01")


if V == 0:
    cfg_cls = define_finetune_config()
    print(cfg_cls(run_name="intent-ft-07"))
elif V == 1:
    print("registering nightly jobs", flush=True)
    print(define_scoring_job()(cron="0 2 * * *"))
else:
    print(load_training_set_config())
